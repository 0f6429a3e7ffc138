/// Why bytes are not a valid client or relay message.
public enum WireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not well-formed JSON.
    case malformed(JSONError)
    /// A message type this side does not know (the first array element).
    case unknownType(String)
    /// An element is missing or has the wrong type or form: (byte position, element, why).
    case invalidElement(position: Int, element: String, reason: String)
    /// The embedded event is not valid.
    case invalidEvent(EventError)
    /// An embedded filter is not valid.
    case invalidFilter(FilterError)

    public var description: String {
        switch self {
        case let .malformed(e): "malformed message: \(e)"
        case let .unknownType(t): "unknown message type \"\(t)\""
        case let .invalidElement(position, element, reason): "invalid message at byte \(position): \(element) \(reason)"
        case let .invalidEvent(e): "invalid event in message: \(e)"
        case let .invalidFilter(e): "invalid filter in message: \(e)"
        }
    }
}
