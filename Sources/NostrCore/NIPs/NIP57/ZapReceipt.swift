/// A validated NIP-57 zap receipt (kind 9735) with what a client shows: who zapped whom, how much,
/// for which event, with which comment. https://github.com/nostr-protocol/nips/blob/master/57.md
public struct ZapReceipt: Sendable, Hashable {
    /// The receipt event.
    public let event: Event
    /// The zap request embedded in the receipt's `description` tag.
    public let request: Event
    /// The paid invoice from the `bolt11` tag.
    public let invoice: BOLT11Invoice
    /// The amount paid, in millisats (from the invoice).
    public let amountMsat: UInt64
    /// Who was zapped: the zap request's `p` tag.
    public let recipient: PublicKey

    /// Validates `event` (Appendix F) and keeps its parts. Checks, in order: kind 9735; the signer
    /// is `expectedSigner` (the provider's `nostrPubkey`) when known; the receipt verifies; the invoice
    /// decodes and has an amount; SHA-256 of `description` is the invoice's description hash; the
    /// embedded request is a signed kind 9734 with one `p`; its `amount` (if any) is the invoice
    /// amount; the receipt's `p` and `e` match the request's; its `lnurl` matches `recipientLNURL` when given.
    public init(event: Event, expectedSigner: PublicKey? = nil, recipientLNURL: String? = nil) throws(ZapError) {
        guard event.kind == .zapReceipt else { throw .wrongKind(expected: Kind.zapReceipt.rawValue, got: event.kind.rawValue) }
        if let expectedSigner, expectedSigner != event.pubkey {
            throw .unexpectedSigner(expected: expectedSigner.hex, got: event.pubkey.hex)
        }
        do { try event.verify() } catch { throw .invalidReceipt(error) }
        guard let bolt11 = event.firstTagValue("bolt11") else { throw .missingInvoice }
        // Lenient: real providers issue invoices without `p`/`s`; a zap only needs amount and hash.
        let invoice: BOLT11Invoice
        do { invoice = try BOLT11Invoice(bolt11, strict: false) } catch { throw .invalidInvoice(error) }
        guard let amount = invoice.amountMsat else { throw .invoiceWithoutAmount }
        guard let description = event.firstTagValue("description") else { throw .missingDescription }
        guard let hash = invoice.descriptionHash, SHA256.hash(description) == hash else { throw .descriptionHashMismatch }

        let request: Event
        do { request = try Event(json: description) } catch { throw .invalidZapRequest(error.description) }
        guard request.kind == .zapRequest else { throw .wrongKind(expected: Kind.zapRequest.rawValue, got: request.kind.rawValue) }
        do { try request.verify() } catch { throw .invalidZapRequestSignature(error) }
        let recipients = request.tagValues("p")
        guard recipients.count <= 1 else { throw .multipleRecipients }
        guard let recipientHex = recipients.first, let recipient = try? PublicKey(hex: recipientHex) else { throw .missingRecipient }
        if let requested = try NIP57.requestedAmount(request), requested != amount {
            throw .amountMismatch(requested: requested, actual: amount)
        }
        guard event.firstTagValue("p") == recipientHex else { throw .receiptTagMismatch("p") }
        if let e = event.firstTagValue("e"), e != request.firstTagValue("e") { throw .receiptTagMismatch("e") }
        if let recipientLNURL, let lnurl = request.firstTagValue("lnurl"), lnurl.lowercased() != recipientLNURL.lowercased() {
            throw .lnurlMismatch
        }
        self.event = event
        self.request = request
        self.invoice = invoice
        self.amountMsat = amount
        self.recipient = recipient
    }

    /// Who zapped: the zap request's author (anonymous zaps use a throwaway key).
    public var sender: PublicKey { request.pubkey }
    /// The zapped event, when the zap was for a note.
    public var zappedEventID: EventID? { request.firstTagValue("e").flatMap { try? EventID(hex: $0) } }
    /// The zapped addressable event's coordinate, if any.
    public var zappedAddress: String? { request.firstTagValue("a") }
    /// The sender's comment (the zap request's content).
    public var comment: String { request.content }
    /// The LNURL provider that signed the receipt.
    public var provider: PublicKey { event.pubkey }
}
