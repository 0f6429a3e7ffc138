/// What a policy says about one request.
public enum Decision: Sendable, Hashable, CustomStringConvertible {
    /// Do it.
    case allow
    /// Refuse it, telling the client `reason`.
    case deny(reason: String)
    /// Ask the person at the bunker (only when a consent prompt is available; otherwise a denial).
    case ask

    public var description: String {
        switch self {
        case .allow: "allowed"
        case let .deny(reason): "denied: \(reason)"
        case .ask: "ask"
        }
    }
}
