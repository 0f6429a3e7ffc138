/// NIP-57 Lightning Zaps: zap requests (kind 9734) and their server-side checks.
/// https://github.com/nostr-protocol/nips/blob/master/57.md
public enum NIP57 {
    /// A zap request to sign and send to the recipient's LNURL callback (Appendix A).
    /// `eventID`/`address` zap a note or an addressable event; `targetKind` fills the `k` tag.
    public static func zapRequest(
        sender: PublicKey, recipient: PublicKey, amountMsat: UInt64?, relays: [String], lnurl: String?,
        eventID: EventID? = nil, address: String? = nil, targetKind: Kind? = nil, comment: String = "",
        createdAt: Int64
    ) -> UnsignedEvent {
        var tags: [Tag] = [Tag(["relays"] + relays)]
        if let amountMsat { tags.append(["amount", String(amountMsat)]) }
        if let lnurl { tags.append(["lnurl", lnurl]) }
        tags.append(["p", recipient.hex])
        if let eventID { tags.append(["e", eventID.hex]) }
        if let address { tags.append(["a", address]) }
        if let targetKind { tags.append(["k", String(targetKind.rawValue)]) }
        return UnsignedEvent(pubkey: sender, createdAt: createdAt, kind: .zapRequest, tags: tags, content: comment)
    }

    /// The checks an LNURL server applies to the `nostr` parameter (Appendix D): signature, one `p`,
    /// at most one `e`, `amount` equal to the callback's, valid `a` coordinates, at most one `P`
    /// (equal to `receiptSigner`, the key that will sign the receipt, when given).
    public static func validateZapRequest(_ request: Event, amountMsat: UInt64?, receiptSigner: PublicKey? = nil) throws(ZapError) {
        guard request.kind == .zapRequest else { throw .wrongKind(expected: Kind.zapRequest.rawValue, got: request.kind.rawValue) }
        do { try request.verify() } catch { throw .invalidZapRequestSignature(error) }
        guard !request.tags.isEmpty else { throw .invalidZapRequest("it has no tags") }
        let recipients = request.tagValues("p")
        guard recipients.count <= 1 else { throw .multipleRecipients }
        guard let p = recipients.first, (try? PublicKey(hex: p)) != nil else { throw .missingRecipient }
        guard request.tagValues("e").count <= 1 else { throw .multipleEventTags }
        if let amountMsat, let requested = try requestedAmount(request), requested != amountMsat {
            throw .amountMismatch(requested: requested, actual: amountMsat)
        }
        for a in request.tagValues("a") where !isCoordinate(a) { throw .invalidCoordinate(a) }
        let senders = request.tagValues("P")
        guard senders.count <= 1 else { throw .invalidSenderTag }
        if let sender = senders.first, let receiptSigner, sender != receiptSigner.hex { throw .invalidSenderTag }
    }

    /// What an LNURL server reads from its callback's query string (`amount=…&nostr=…&lnurl=…`): the
    /// amount and the zap request, checked by `validateZapRequest` against that amount. `request` is nil
    /// for a plain LNURL payment without `nostr`.
    public static func callbackParameters(query: String) throws(ZapError) -> (amountMsat: UInt64, request: Event?) {
        guard let items = PercentEncoding.queryItems(query) else { throw .invalidZapRequest("query is not percent-encoded") }
        guard let amountText = items.first(where: { $0.name == "amount" })?.value, let amount = UInt64(amountText) else {
            throw .invalidZapRequest("no amount parameter")
        }
        guard let json = items.first(where: { $0.name == "nostr" })?.value else { return (amount, nil) }
        let request: Event
        do { request = try Event(json: json) } catch { throw .invalidZapRequest(error.description) }
        try validateZapRequest(request, amountMsat: amount)
        return (amount, request)
    }

    /// The zap request's `amount` tag in millisats, if it has one.
    static func requestedAmount(_ request: Event) throws(ZapError) -> UInt64? {
        guard let text = request.firstTagValue("amount") else { return nil }
        guard let value = UInt64(text) else { throw .invalidZapRequest("amount \"\(text)\" is not a whole number of millisats") }
        return value
    }

    /// `kind:pubkey:d-tag` with a numeric kind and a 64-hex pubkey (NIP-01 addressable coordinates).
    static func isCoordinate(_ a: String) -> Bool {
        let parts = a.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let kind = Int(parts[0]), kind >= 0, kind <= 65535 else { return false }
        return parts[1].utf8.count == 64 && Hex.decode(parts[1]) != nil
    }

    /// The zap receipt an LNURL provider publishes once the invoice is paid (Appendix E): the request's
    /// `p`, `e`, `a` and `k` tags, `P` for the sender, the invoice, the request JSON as `description`
    /// (byte for byte what was hashed into the invoice) and the optional preimage.
    public static func zapReceipt(for request: Event, requestJSON: String, bolt11: String, preimage: String? = nil,
                                  provider: PublicKey, paidAt: Int64) -> UnsignedEvent {
        var tags = [Tag]()
        for name in ["p", "e", "a", "k"] {
            if let value = request.firstTagValue(name) { tags.append([name, value]) }
        }
        tags.append(["P", request.pubkey.hex])
        tags.append(["bolt11", bolt11])
        tags.append(["description", requestJSON])
        if let preimage { tags.append(["preimage", preimage]) }
        return UnsignedEvent(pubkey: provider, createdAt: paidAt, kind: .zapReceipt, tags: tags, content: "")
    }
}
