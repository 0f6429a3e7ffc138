/// A NIP-46 response: `{"id": …, "result": …, "error": …}`; an `error` marks a failure, except for an
/// auth challenge (`result` "auth_url", the URL in `error`).
public struct NIP46Response: Sendable, Hashable {
    /// The id of the request answered.
    public let id: String
    /// The result string; `nil` when absent or JSON `null` (a `switch_relays` with nothing to change).
    public let result: String?
    /// The error text, when the request failed.
    public let error: String?

    /// A response.
    public init(id: String, result: String?, error: String? = nil) {
        self.id = id
        self.result = result
        self.error = error
    }

    /// A success carrying `result`.
    public static func success(_ id: String, _ result: String) -> NIP46Response { NIP46Response(id: id, result: result) }
    /// A failure carrying `message`.
    public static func failure(_ id: String, _ message: String) -> NIP46Response { NIP46Response(id: id, result: nil, error: message) }
    /// An auth challenge: the person must open `url`; the real answer follows under the same id.
    public static func authChallenge(_ id: String, url: String) -> NIP46Response {
        NIP46Response(id: id, result: "auth_url", error: url)
    }

    /// Parses the decrypted content of a response event. A `result` that is an array or object (some
    /// signers answer `switch_relays` with a bare array) is kept as its JSON text.
    public init(json: String) throws(NIP46Error) {
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch { throw .invalidMessage("not JSON (\(error))") }
        guard case .object = value else { throw .invalidMessage("not a JSON object") }
        guard let id = value["id"].flatMap(NIP46Request.idText) else { throw .invalidMessage("no \"id\"") }
        let result: String? = switch value["result"] {
        case nil, .null?: nil
        case let .string(s)?: s
        case let other?: other.serialized
        }
        let error: String? = switch value["error"] {
        case nil, .null?: nil
        case let .string(s)?: s.isEmpty ? nil : s
        case let other?: other.serialized
        }
        self.init(id: id, result: result, error: error)
    }

    /// The compact JSON object (`error` only when there is one).
    public var json: String {
        var o: [String: JSONValue] = ["id": .string(id), "result": result.map { .string($0) } ?? .null]
        if let error { o["error"] = .string(error) }
        return JSONValue.object(o).serialized
    }

    /// Whether this is an auth challenge (46.md "Auth Challenges").
    public var isAuthChallenge: Bool { result == "auth_url" && error != nil }

    /// The auth challenge URL when it is http or https; other schemes are never shown (could run code).
    public var authURL: String? {
        guard isAuthChallenge, let error else { return nil }
        let lower = error.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? error : nil
    }
}
