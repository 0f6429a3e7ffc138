/// A NIP-46 request: `{"id": …, "method": …, "params": [strings]}`.
public struct NIP46Request: Sendable, Hashable {
    /// The request id the response echoes.
    public let id: String
    /// The method called.
    public let method: NIP46Method
    /// Positional string parameters.
    public let params: [String]

    /// A request; `id` defaults to a fresh random token.
    public init(id: String = NIP46.randomToken(), method: NIP46Method, params: [String] = []) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// Parses the decrypted content of a request event. Non-string params (numbers, objects some clients
    /// send) are kept as their JSON text, so a `sign_event` param sent as an object still works.
    public init(json: String) throws(NIP46Error) {
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch { throw .invalidMessage("not JSON (\(error))") }
        guard case .object = value else { throw .invalidMessage("not a JSON object") }
        guard let id = value["id"].flatMap(Self.idText) else { throw .invalidMessage("no \"id\"") }
        guard let method = value["method"]?.stringValue, !method.isEmpty else { throw .invalidMessage("no \"method\"") }
        var params: [String] = []
        switch value["params"] {
        case nil, .null?: break
        case let .array(items)?: params = items.map { $0.stringValue ?? $0.serialized }
        default: throw .invalidMessage("\"params\" is not an array")
        }
        self.init(id: id, method: NIP46Method(rawValue: method), params: params)
    }

    /// The compact JSON object.
    public var json: String {
        JSONValue.object(["id": .string(id), "method": .string(method.rawValue), "params": .array(params.map { .string($0) })]).serialized
    }

    static func idText(_ v: JSONValue) -> String? {
        if let s = v.stringValue { return s }
        if let i = v.intValue { return String(i) }
        return nil
    }
}
