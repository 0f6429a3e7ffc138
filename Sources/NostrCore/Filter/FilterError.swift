/// Why JSON is not a NIP-01 filter.
public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not well-formed JSON.
    case malformed(JSONError)
    /// A key is unknown or its value has the wrong type or form: (key, why).
    case invalidField(String, String)

    public var description: String {
        switch self {
        case let .malformed(e): "malformed filter: \(e)"
        case let .invalidField(key, why): "invalid filter field \"\(key)\": \(why)"
        }
    }
}
