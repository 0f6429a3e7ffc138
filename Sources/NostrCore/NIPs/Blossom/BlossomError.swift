/// Why a Blossom authorization token, header or blob descriptor was refused.
public enum BlossomError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The header is not `Nostr <base64 event>`.
    case invalidHeader(String)
    /// The token is not a well-formed, correctly signed event.
    case invalidEvent(EventError)
    /// The token is not kind 24242.
    case wrongKind(Int)
    /// `created_at` is in the future.
    case createdInFuture(createdAt: Int64, now: Int64)
    /// No `expiration` tag, or not a number.
    case missingExpiration
    /// `expiration` is not in the future.
    case expired(expiration: Int64, now: Int64)
    /// The `t` tag does not allow this action.
    case verbMismatch(expected: String, got: String?)
    /// `server` tags are present and none names this server.
    case serverNotAllowed(String)
    /// No `x` tag matches the blob hash (required for this endpoint, or `x` tags scope the token).
    case hashNotAllowed(String)
    /// The blob descriptor is not the JSON object BUD-02 describes (why).
    case invalidDescriptor(String)

    public var description: String {
        switch self {
        case let .invalidHeader(why): "invalid Authorization header: \(why)"
        case let .invalidEvent(e): "authorization event is not valid: \(e)"
        case let .wrongKind(k): "authorization event has kind \(k), not 24242"
        case let .createdInFuture(c, now): "authorization event is created at \(c), after now (\(now))"
        case .missingExpiration: "authorization event has no expiration tag"
        case let .expired(e, now): "authorization expired at \(e) (now \(now))"
        case let .verbMismatch(expected, got): "authorization is for \"\(got ?? "nothing")\", not \"\(expected)\""
        case let .serverNotAllowed(s): "authorization is not valid on server \(s)"
        case let .hashNotAllowed(h): "authorization does not cover blob \(h)"
        case let .invalidDescriptor(why): "blob descriptor is not valid: \(why)"
        }
    }
}
