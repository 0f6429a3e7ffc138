/// Why a zap request or zap receipt is not valid (NIP-57 Appendices D and F).
public enum ZapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The event is not of the expected kind (9734 request, 9735 receipt).
    case wrongKind(expected: Int, got: Int)
    /// The receipt is not signed by the recipient's LNURL provider (`nostrPubkey`).
    case unexpectedSigner(expected: String, got: String)
    /// The receipt's own id or signature does not check out.
    case invalidReceipt(EventError)
    /// The receipt has no `bolt11` tag.
    case missingInvoice
    /// The `bolt11` tag is not a decodable invoice.
    case invalidInvoice(BOLT11Error)
    /// The invoice has no amount, so it cannot be matched to a zap.
    case invoiceWithoutAmount
    /// The receipt has no `description` tag.
    case missingDescription
    /// SHA-256 of the `description` tag is not the invoice's description hash.
    case descriptionHashMismatch
    /// The embedded zap request is not a well-formed event (why).
    case invalidZapRequest(String)
    /// The zap request's id or signature does not check out.
    case invalidZapRequestSignature(EventError)
    /// The zap request's `amount` differs from the invoice (or from the callback's `amount`).
    case amountMismatch(requested: UInt64, actual: UInt64)
    /// The zap request has no `p` tag, or its value is not a hex public key.
    case missingRecipient
    /// The zap request has more than one `p` tag.
    case multipleRecipients
    /// The zap request has more than one `e` tag.
    case multipleEventTags
    /// The zap request has more than one `P` tag, or it is not the receipt signer.
    case invalidSenderTag
    /// An `a` tag is not a `kind:pubkey:d` coordinate.
    case invalidCoordinate(String)
    /// The receipt's `p` or `e` tag differs from the zap request's.
    case receiptTagMismatch(String)
    /// The zap request's `lnurl` differs from the recipient's.
    case lnurlMismatch

    public var description: String {
        switch self {
        case let .wrongKind(expected, got): "expected a kind \(expected) event, got kind \(got)"
        case let .unexpectedSigner(expected, got): "zap receipt is signed by \(got), not the LNURL provider's nostrPubkey \(expected)"
        case let .invalidReceipt(e): "zap receipt is not a valid event: \(e)"
        case .missingInvoice: "zap receipt has no bolt11 tag"
        case let .invalidInvoice(e): "zap receipt's bolt11 tag is not an invoice: \(e)"
        case .invoiceWithoutAmount: "zap receipt's invoice has no amount"
        case .missingDescription: "zap receipt has no description tag (the zap request)"
        case .descriptionHashMismatch: "SHA-256 of the zap receipt's description is not the invoice's description hash"
        case let .invalidZapRequest(why): "zap request is not valid: \(why)"
        case let .invalidZapRequestSignature(e): "zap request does not verify: \(e)"
        case let .amountMismatch(requested, actual): "zap request asks for \(requested) msat but the amount is \(actual) msat"
        case .missingRecipient: "zap request has no valid p tag (recipient)"
        case .multipleRecipients: "zap request has more than one p tag"
        case .multipleEventTags: "zap request has more than one e tag"
        case .invalidSenderTag: "zap request has several P tags or one that is not the receipt's signer"
        case let .invalidCoordinate(a): "zap request's a tag \"\(a)\" is not a kind:pubkey:d coordinate"
        case let .receiptTagMismatch(tag): "zap receipt's \(tag) tag differs from the zap request's"
        case .lnurlMismatch: "zap request's lnurl is not the recipient's"
        }
    }
}
