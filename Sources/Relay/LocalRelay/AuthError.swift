import NostrCore

/// Why an AUTH event was refused (NIP-42 "Signed Event Verification").
public enum AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not kind 22242.
    case wrongKind(Int)
    /// The id or signature does not check out.
    case invalidEvent(EventError)
    /// `created_at` is further than the allowed window from the relay's clock.
    case stale(createdAt: Int64, now: Int64, window: Int64)
    /// No `challenge` tag, or not the one this connection was sent.
    case wrongChallenge
    /// The `relay` tag is missing or names another relay.
    case wrongRelay(String?)

    public var description: String {
        switch self {
        case let .wrongKind(k): "auth event must be kind 22242, not \(k)"
        case let .invalidEvent(e): "auth \(e)"
        case let .stale(createdAt, now, window):
            "auth event created_at \(createdAt) is more than \(window) s from the relay's time \(now); check your clock"
        case .wrongChallenge: "auth event does not carry the challenge this relay sent on this connection"
        case let .wrongRelay(tag):
            tag.map { "auth event's relay tag \"\($0)\" does not name this relay" } ?? "auth event has no relay tag"
        }
    }
}
