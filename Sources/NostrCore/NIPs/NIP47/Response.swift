/// A NIP-47 response payload (`{"result_type", "error", "result"}`), the plaintext of a kind-23195 event.
public struct WalletResponse: Sendable, Hashable {
    /// The method this answers.
    public let resultType: String
    /// Set when the command failed.
    public let error: WalletError?
    /// Set when the command succeeded (nil for a bare acknowledgement with neither).
    public let result: WalletResult?

    public init(resultType: String, result: WalletResult) {
        self.resultType = resultType
        self.result = result
        self.error = nil
    }

    public init(resultType: String, error: WalletError) {
        self.resultType = resultType
        self.result = nil
        self.error = error
    }

    /// Parses a decrypted response; the result is typed by `result_type`.
    public init(json: String) throws(NIP47Error) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidPayload(error.description) }
        guard v.objectValue != nil else { throw .invalidPayload("not an object") }
        // NIP-47: "The result_type field MUST contain the name of the method that this event is responding to."
        guard let type = v["result_type"]?.stringValue else { throw .invalidPayload("no result_type") }
        resultType = type
        if let e = WalletRequest.nonNull(v["error"]) {
            guard let code = e["code"]?.stringValue else { throw .invalidPayload("error without a code") }
            error = WalletError(code: WalletErrorCode(rawValue: code), message: e["message"]?.stringValue ?? "")
        } else {
            error = nil
        }
        result = try WalletRequest.nonNull(v["result"]).map { (r) throws(NIP47Error) in try WalletResult(type: type, json: r) }
    }

    /// The result, or the wallet's error thrown.
    public func get() throws(WalletError) -> WalletResult? {
        if let error { throw error }
        return result
    }

    /// The plaintext JSON to encrypt.
    public var json: String {
        NWCJSON.object([("result_type", .string(resultType)), ("error", error?.json ?? .null),
                        ("result", result?.json ?? .null)]).serialized
    }
}

/// The `result` of a NIP-47 response, typed for the methods this library models.
public enum WalletResult: Sendable, Hashable {
    /// `pay_invoice`, `pay_keysend` (and each `multi_pay_*` answer).
    case payment(preimage: String, feesPaidMsat: Int64?)
    /// `make_invoice`, `lookup_invoice`.
    case transaction(WalletTransaction)
    /// `list_transactions`, with the optional total for paging.
    case transactions([WalletTransaction], totalCount: Int64?)
    /// `get_balance`, in millisats.
    case balance(msat: Int64)
    /// `get_info`.
    case info(WalletNodeInfo)
    /// Other methods, kept as JSON.
    case other(JSONValue)

    init(type: String, json v: JSONValue) throws(NIP47Error) {
        switch type {
        case "pay_invoice", "pay_keysend", "multi_pay_invoice", "multi_pay_keysend":
            guard let preimage = v["preimage"]?.stringValue else { throw .invalidPayload("\(type) result has no preimage") }
            self = .payment(preimage: preimage, feesPaidMsat: v["fees_paid"]?.intValue)
        case "make_invoice", "lookup_invoice":
            self = .transaction(try WalletTransaction(json: v))
        case "list_transactions":
            guard let list = v["transactions"]?.arrayValue else { throw .invalidPayload("list_transactions result has no transactions") }
            var txs = [WalletTransaction]()
            for t in list { txs.append(try WalletTransaction(json: t)) }
            self = .transactions(txs, totalCount: v["total_count"]?.intValue)
        case "get_balance":
            guard let balance = v["balance"]?.intValue else { throw .invalidPayload("get_balance result has no balance") }
            self = .balance(msat: balance)
        case "get_info":
            self = .info(WalletNodeInfo(json: v))
        default:
            self = .other(v)
        }
    }

    var json: JSONValue {
        switch self {
        case let .payment(preimage, fees): NWCJSON.object([("preimage", .string(preimage)), ("fees_paid", fees.map(JSONValue.int))])
        case let .transaction(t): t.json
        case let .transactions(list, total):
            NWCJSON.object([("transactions", .array(list.map(\.json))), ("total_count", total.map(JSONValue.int))])
        case let .balance(msat): .object(["balance": .int(msat)])
        case let .info(info): info.json
        case let .other(v): v
        }
    }
}

/// The `get_info` result: the node behind the wallet and what this connection may do.
public struct WalletNodeInfo: Sendable, Hashable {
    public var alias: String?
    public var color: String?
    public var pubkey: String?
    /// mainnet, testnet, signet or regtest.
    public var network: String?
    public var blockHeight: Int64?
    public var blockHash: String?
    public var methods: [String]
    public var notifications: [String]
    public var lud16: String?

    public init(methods: [String], notifications: [String] = []) {
        self.methods = methods
        self.notifications = notifications
    }

    init(json v: JSONValue) {
        self.init(methods: v["methods"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                  notifications: v["notifications"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        alias = v["alias"]?.stringValue
        color = v["color"]?.stringValue
        pubkey = v["pubkey"]?.stringValue
        network = v["network"]?.stringValue
        blockHeight = v["block_height"]?.intValue
        blockHash = v["block_hash"]?.stringValue
        lud16 = v["lud16"]?.stringValue
    }

    var json: JSONValue {
        NWCJSON.object([
            ("alias", alias.map(JSONValue.string)), ("color", color.map(JSONValue.string)), ("pubkey", pubkey.map(JSONValue.string)),
            ("network", network.map(JSONValue.string)), ("block_height", blockHeight.map(JSONValue.int)),
            ("block_hash", blockHash.map(JSONValue.string)), ("methods", .array(methods.map(JSONValue.string))),
            ("notifications", .array(notifications.map(JSONValue.string))), ("lud16", lud16.map(JSONValue.string)),
        ])
    }
}
