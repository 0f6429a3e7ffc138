/// The LNURL-pay first response (LUD-06), with the NIP-57 zap fields.
public struct PayResponse: Sendable, Hashable {
    /// Where to ask for an invoice.
    public let callback: String
    /// Smallest amount accepted, in millisats.
    public let minSendable: UInt64
    /// Largest amount accepted, in millisats.
    public let maxSendable: UInt64
    /// The metadata JSON string (kept verbatim: LUD-06 wallets hash it).
    public let metadata: String
    /// The longest comment accepted (LUD-12), 0 when comments are not accepted.
    public let commentAllowed: Int
    /// NIP-57: the service accepts zap requests.
    public let allowsNostr: Bool
    /// NIP-57: the key that signs zap receipts, when it is a valid BIP-340 key.
    public let nostrPubkey: PublicKey?

    /// Parses the JSON the LNURL-pay endpoint returned; an `{"status":"ERROR"}` answer throws `.serviceError`.
    public init(json: some Collection<UInt8>) throws(LNURLError) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidResponse(error.description) }
        guard v.objectValue != nil else { throw .invalidResponse("not a JSON object") }
        if let status = v["status"]?.stringValue, status.uppercased() == "ERROR" {
            throw .serviceError(reason: v["reason"]?.stringValue ?? "no reason given")
        }
        let tag = v["tag"]?.stringValue ?? ""
        guard tag == "payRequest" else { throw .notPayRequest(tag: tag) }
        guard let callback = v["callback"]?.stringValue, !callback.isEmpty else { throw .invalidResponse("no callback") }
        guard let min = v["minSendable"]?.intValue, min >= 0 else { throw .invalidResponse("no minSendable") }
        guard let max = v["maxSendable"]?.intValue, max >= min else { throw .invalidResponse("no maxSendable at least minSendable") }
        self.callback = callback
        self.minSendable = UInt64(min)
        self.maxSendable = UInt64(max)
        self.metadata = v["metadata"]?.stringValue ?? "[]"
        self.commentAllowed = Int(clamping: v["commentAllowed"]?.intValue ?? 0)
        self.allowsNostr = v["allowsNostr"]?.boolValue ?? false
        self.nostrPubkey = v["nostrPubkey"]?.stringValue.flatMap { try? PublicKey(hex: $0) }
    }

    /// Parses the JSON text the LNURL-pay endpoint returned.
    public init(json: String) throws(LNURLError) { try self.init(json: Array(json.utf8)) }

    /// NIP-57 step 1: `allowsNostr` is true and `nostrPubkey` is a valid key.
    public var supportsZaps: Bool { allowsNostr && nostrPubkey != nil }

    /// Throws when `amountMsat` is outside `minSendable...maxSendable`.
    public func check(amountMsat: UInt64) throws(LNURLError) {
        guard (minSendable...maxSendable).contains(amountMsat) else {
            throw .amountOutOfRange(amountMsat: amountMsat, min: minSendable, max: maxSendable)
        }
    }

    /// The callback URL for `amountMsat`, with a signed zap request when zapping (NIP-57 Appendix B).
    /// Checks the amount range, and that the service takes zaps when `zapRequest` is given.
    public func invoiceURL(amountMsat: UInt64, zapRequest: Event? = nil, lnurl: String? = nil,
                           comment: String? = nil) throws(LNURLError) -> String {
        try check(amountMsat: amountMsat)
        if zapRequest != nil, !supportsZaps { throw .zapsNotSupported }
        let usableComment = comment.flatMap { commentAllowed > 0 && !$0.isEmpty ? String($0.prefix(commentAllowed)) : nil }
        return LNURL.callbackURL(callback, amountMsat: amountMsat, zapRequestJSON: zapRequest?.json, lnurl: lnurl,
                                 comment: zapRequest == nil ? usableComment : nil)
    }
}
