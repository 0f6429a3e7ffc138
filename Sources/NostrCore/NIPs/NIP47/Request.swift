/// A NIP-47 request payload (`{"method": …, "params": {…}}`), the plaintext of a kind-23194 event.
public enum WalletRequest: Sendable, Hashable {
    /// `pay_invoice`: pay a BOLT-11 invoice (amount in msat for amount-less invoices).
    case payInvoice(PayInvoice)
    /// `multi_pay_invoice`: pay several invoices; each may carry an `id` echoed in the responses.
    case multiPayInvoice([PayInvoice])
    /// `pay_keysend`: spontaneous payment to a node.
    case payKeysend(PayKeysend)
    /// `make_invoice`: create an invoice.
    case makeInvoice(MakeInvoice)
    /// `lookup_invoice`: by payment hash or invoice.
    case lookupInvoice(paymentHash: String?, invoice: String?)
    /// `list_transactions`.
    case listTransactions(ListTransactions)
    /// `get_balance`.
    case getBalance
    /// `get_info`.
    case getInfo
    /// Any other method (hold invoices, budgets, sign_message, BOLT-12 `pay`, …), params kept as JSON.
    case other(method: String, params: JSONValue)

    public struct PayInvoice: Sendable, Hashable {
        public var invoice: String
        public var amountMsat: Int64?
        /// `multi_pay_invoice` only: the caller's id for this invoice.
        public var id: String?
        public var metadata: JSONValue?
        public init(invoice: String, amountMsat: Int64? = nil, id: String? = nil, metadata: JSONValue? = nil) {
            self.invoice = invoice
            self.amountMsat = amountMsat
            self.id = id
            self.metadata = metadata
        }
    }

    public struct PayKeysend: Sendable, Hashable {
        public var amountMsat: Int64
        public var pubkey: String
        public var preimage: String?
        /// TLV records as (type, hex value).
        public var tlvRecords: [TLVRecord]
        public init(amountMsat: Int64, pubkey: String, preimage: String? = nil, tlvRecords: [TLVRecord] = []) {
            self.amountMsat = amountMsat
            self.pubkey = pubkey
            self.preimage = preimage
            self.tlvRecords = tlvRecords
        }
    }

    public struct TLVRecord: Sendable, Hashable {
        public var type: Int64
        public var value: String
        public init(type: Int64, value: String) {
            self.type = type
            self.value = value
        }
    }

    public struct MakeInvoice: Sendable, Hashable {
        public var amountMsat: Int64
        public var description: String?
        public var descriptionHash: String?
        public var expiry: Int64?
        public var metadata: JSONValue?
        public init(amountMsat: Int64, description: String? = nil, descriptionHash: String? = nil, expiry: Int64? = nil,
                    metadata: JSONValue? = nil) {
            self.amountMsat = amountMsat
            self.description = description
            self.descriptionHash = descriptionHash
            self.expiry = expiry
            self.metadata = metadata
        }
    }

    public struct ListTransactions: Sendable, Hashable {
        public var from: Int64?
        public var until: Int64?
        public var limit: Int64?
        public var offset: Int64?
        public var unpaid: Bool?
        public var type: WalletTransaction.Direction?
        public init(from: Int64? = nil, until: Int64? = nil, limit: Int64? = nil, offset: Int64? = nil,
                    unpaid: Bool? = nil, type: WalletTransaction.Direction? = nil) {
            self.from = from
            self.until = until
            self.limit = limit
            self.offset = offset
            self.unpaid = unpaid
            self.type = type
        }
    }

    /// The `method` string.
    public var method: String {
        switch self {
        case .payInvoice: "pay_invoice"
        case .multiPayInvoice: "multi_pay_invoice"
        case .payKeysend: "pay_keysend"
        case .makeInvoice: "make_invoice"
        case .lookupInvoice: "lookup_invoice"
        case .listTransactions: "list_transactions"
        case .getBalance: "get_balance"
        case .getInfo: "get_info"
        case let .other(method, _): method
        }
    }

    /// The `params` object.
    public var params: JSONValue {
        switch self {
        case let .payInvoice(p): p.json
        case let .multiPayInvoice(list): .object(["invoices": .array(list.map(\.json))])
        case let .payKeysend(k):
            NWCJSON.object([
                ("amount", .int(k.amountMsat)), ("pubkey", .string(k.pubkey)), ("preimage", k.preimage.map(JSONValue.string)),
                ("tlv_records", k.tlvRecords.isEmpty ? nil : .array(k.tlvRecords.map {
                    .object(["type": .int($0.type), "value": .string($0.value)])
                })),
            ])
        case let .makeInvoice(m):
            NWCJSON.object([
                ("amount", .int(m.amountMsat)), ("description", m.description.map(JSONValue.string)),
                ("description_hash", m.descriptionHash.map(JSONValue.string)), ("expiry", m.expiry.map(JSONValue.int)),
                ("metadata", m.metadata),
            ])
        case let .lookupInvoice(hash, invoice):
            NWCJSON.object([("payment_hash", hash.map(JSONValue.string)), ("invoice", invoice.map(JSONValue.string))])
        case let .listTransactions(l):
            NWCJSON.object([
                ("from", l.from.map(JSONValue.int)), ("until", l.until.map(JSONValue.int)), ("limit", l.limit.map(JSONValue.int)),
                ("offset", l.offset.map(JSONValue.int)), ("unpaid", l.unpaid.map(JSONValue.bool)),
                ("type", l.type.map { .string($0.rawValue) }),
            ])
        case .getBalance, .getInfo: .object([:])
        case let .other(_, params): params
        }
    }

    /// The plaintext JSON to encrypt.
    public var json: String { JSONValue.object(["method": .string(method), "params": params]).serialized }

    /// Parses a decrypted request. Unknown methods become `.other`; known ones must have their required params.
    public init(json: String) throws(NIP47Error) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidPayload(error.description) }
        guard let method = v["method"]?.stringValue else { throw .invalidPayload("no method") }
        let params = Self.nonNull(v["params"]) ?? .object([:])
        guard params.objectValue != nil else { throw .invalidPayload("params is not an object") }
        switch method {
        case "pay_invoice": self = .payInvoice(try PayInvoice(json: params))
        case "multi_pay_invoice":
            guard let list = params["invoices"]?.arrayValue else { throw .invalidPayload("multi_pay_invoice has no invoices") }
            var invoices = [PayInvoice]()
            for item in list { invoices.append(try PayInvoice(json: item)) }
            self = .multiPayInvoice(invoices)
        case "pay_keysend":
            guard let amount = params["amount"]?.intValue, let pubkey = params["pubkey"]?.stringValue else {
                throw .invalidPayload("pay_keysend needs amount and pubkey")
            }
            let records = (params["tlv_records"]?.arrayValue ?? []).compactMap { r -> TLVRecord? in
                guard let t = r["type"]?.intValue, let value = r["value"]?.stringValue else { return nil }
                return TLVRecord(type: t, value: value)
            }
            self = .payKeysend(PayKeysend(amountMsat: amount, pubkey: pubkey, preimage: params["preimage"]?.stringValue,
                                          tlvRecords: records))
        case "make_invoice":
            guard let amount = params["amount"]?.intValue else { throw .invalidPayload("make_invoice needs amount") }
            self = .makeInvoice(MakeInvoice(amountMsat: amount, description: params["description"]?.stringValue,
                                            descriptionHash: params["description_hash"]?.stringValue,
                                            expiry: params["expiry"]?.intValue, metadata: Self.nonNull(params["metadata"])))
        case "lookup_invoice":
            let hash = params["payment_hash"]?.stringValue, invoice = params["invoice"]?.stringValue
            guard hash != nil || invoice != nil else { throw .invalidPayload("lookup_invoice needs payment_hash or invoice") }
            self = .lookupInvoice(paymentHash: hash, invoice: invoice)
        case "list_transactions":
            self = .listTransactions(ListTransactions(
                from: params["from"]?.intValue, until: params["until"]?.intValue, limit: params["limit"]?.intValue,
                offset: params["offset"]?.intValue, unpaid: params["unpaid"]?.boolValue,
                type: params["type"]?.stringValue.flatMap(WalletTransaction.Direction.init(rawValue:))))
        case "get_balance": self = .getBalance
        case "get_info": self = .getInfo
        default: self = .other(method: method, params: params)
        }
    }

    /// `v` unless it is absent or JSON null. (A bare `nil` in a closure returning `JSONValue?` would
    /// become `JSONValue.null` through its nil literal, hence the explicit `Optional.none`.)
    static func nonNull(_ v: JSONValue?) -> JSONValue? {
        guard let v, !v.isNull else { return Optional.none }
        return v
    }
}

extension WalletRequest.PayInvoice {
    init(json v: JSONValue) throws(NIP47Error) {
        guard let invoice = v["invoice"]?.stringValue else { throw .invalidPayload("pay_invoice needs invoice") }
        self.init(invoice: invoice, amountMsat: v["amount"]?.intValue, id: v["id"]?.stringValue,
                  metadata: WalletRequest.nonNull(v["metadata"]))
    }

    var json: JSONValue {
        NWCJSON.object([("id", id.map(JSONValue.string)), ("invoice", .string(invoice)),
                        ("amount", amountMsat.map(JSONValue.int)), ("metadata", metadata)])
    }
}
