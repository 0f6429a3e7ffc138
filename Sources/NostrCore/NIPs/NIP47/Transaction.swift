/// An invoice or payment as NIP-47 reports it (`make_invoice`, `lookup_invoice`, `list_transactions`,
/// notifications). Fields other than `type` and `amount` are optional on the wire.
public struct WalletTransaction: Sendable, Hashable {
    /// `incoming` for invoices, `outgoing` for payments.
    public enum Direction: String, Sendable, Hashable {
        case incoming, outgoing
    }

    /// Where the transaction stands. Wallets send it in either case; it is read case-insensitively.
    public enum State: Sendable, Hashable {
        case pending, settled, accepted, expired, failed
        case unknown(String)

        init(_ text: String) {
            switch text.lowercased() {
            case "pending": self = .pending
            case "settled": self = .settled
            case "accepted": self = .accepted
            case "expired": self = .expired
            case "failed": self = .failed
            default: self = .unknown(text)
            }
        }

        var rawValue: String {
            switch self {
            case .pending: "pending"
            case .settled: "settled"
            case .accepted: "accepted"
            case .expired: "expired"
            case .failed: "failed"
            case let .unknown(s): s
            }
        }
    }

    public var direction: Direction
    public var state: State?
    public var invoice: String?
    public var description: String?
    public var descriptionHash: String?
    public var preimage: String?
    public var paymentHash: String?
    /// Millisats.
    public var amountMsat: Int64
    /// Millisats.
    public var feesPaidMsat: Int64?
    public var createdAt: Int64?
    public var expiresAt: Int64?
    public var settledAt: Int64?
    /// Block height before which a hold invoice must be settled or cancelled.
    public var settleDeadline: Int64?
    /// Free-form metadata (LUD-12 comment, payer data, a zap request…), kept as JSON.
    public var metadata: JSONValue?

    public init(direction: Direction, amountMsat: Int64, state: State? = nil, invoice: String? = nil,
                paymentHash: String? = nil, createdAt: Int64? = nil) {
        self.direction = direction
        self.amountMsat = amountMsat
        self.state = state
        self.invoice = invoice
        self.paymentHash = paymentHash
        self.createdAt = createdAt
    }

    init(json v: JSONValue) throws(NIP47Error) {
        guard v.objectValue != nil else { throw .invalidPayload("transaction is not an object") }
        guard let type = v["type"]?.stringValue, let direction = Direction(rawValue: type) else {
            throw .invalidPayload("transaction type is not incoming or outgoing")
        }
        guard let amount = v["amount"]?.intValue else { throw .invalidPayload("transaction has no amount") }
        self.init(direction: direction, amountMsat: amount)
        state = v["state"]?.stringValue.map(State.init)
        invoice = v["invoice"]?.stringValue
        description = v["description"]?.stringValue
        descriptionHash = v["description_hash"]?.stringValue
        preimage = v["preimage"]?.stringValue
        paymentHash = v["payment_hash"]?.stringValue
        feesPaidMsat = v["fees_paid"]?.intValue
        createdAt = v["created_at"]?.intValue
        expiresAt = v["expires_at"]?.intValue
        settledAt = v["settled_at"]?.intValue
        settleDeadline = v["settle_deadline"]?.intValue
        metadata = WalletRequest.nonNull(v["metadata"])
    }

    var json: JSONValue {
        NWCJSON.object([
            ("type", .string(direction.rawValue)), ("state", state.map { .string($0.rawValue) }),
            ("invoice", invoice.map(JSONValue.string)), ("description", description.map(JSONValue.string)),
            ("description_hash", descriptionHash.map(JSONValue.string)), ("preimage", preimage.map(JSONValue.string)),
            ("payment_hash", paymentHash.map(JSONValue.string)), ("amount", .int(amountMsat)),
            ("fees_paid", feesPaidMsat.map(JSONValue.int)), ("created_at", createdAt.map(JSONValue.int)),
            ("expires_at", expiresAt.map(JSONValue.int)), ("settled_at", settledAt.map(JSONValue.int)),
            ("settle_deadline", settleDeadline.map(JSONValue.int)), ("metadata", metadata),
        ])
    }
}

enum NWCJSON {
    /// An object from optional members: nil members are left out rather than written as null.
    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        var o = [String: JSONValue]()
        for (k, v) in members { if let v { o[k] = v } }
        return .object(o)
    }
}
