/// Why talking to a relay failed. Every case names the relay, so a pool's report says which one.
public enum RelayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a relay URL.
    case invalidURL(String, reason: String)
    /// No WebSocket could be opened (DNS, refused, TLS, handshake).
    case unreachable(relay: String, reason: String)
    /// Connecting took longer than the connect timeout.
    case connectTimeout(relay: String, seconds: Double)
    /// The relay did not answer in time; `waitingFor` says what was expected ("OK", "EOSE", "COUNT").
    case timeout(relay: String, waitingFor: String, seconds: Double)
    /// The connection ended and could not be (or was not to be) re-established.
    case disconnected(relay: String, reason: String)
    /// The relay ended a subscription with `CLOSED` (NIP-01); `message` is its reason.
    case closed(relay: String, subscription: String, message: String)
    /// NIP-42 authentication was needed and failed or was not possible.
    case authFailed(relay: String, reason: String)
    /// The connection was closed by this client.
    case closedByClient(relay: String)
    /// The NIP-11 document could not be read.
    case invalidInformation(relay: String, reason: String)

    /// The relay this error is about ("" for an invalid URL).
    public var relay: String {
        switch self {
        case .invalidURL: ""
        case let .unreachable(r, _), let .connectTimeout(r, _), let .timeout(r, _, _), let .disconnected(r, _),
             let .closed(r, _, _), let .authFailed(r, _), let .closedByClient(r), let .invalidInformation(r, _): r
        }
    }

    /// True when the relay could not be reached at all (the CLI's exit 3).
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .connectTimeout: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .invalidURL(text, reason): "invalid relay URL \"\(text.prefix(200))\": \(reason)"
        case let .unreachable(r, reason): "cannot connect to \(r): \(reason)"
        case let .connectTimeout(r, s): "cannot connect to \(r): no answer within \(Self.seconds(s))"
        case let .timeout(r, what, s): "\(r) sent no \(what) within \(Self.seconds(s))"
        case let .disconnected(r, reason): "lost the connection to \(r): \(reason)"
        case let .closed(r, sub, message):
            message.isEmpty ? "\(r) closed subscription \(sub)" : "\(r) closed subscription \(sub): \(message)"
        case let .authFailed(r, reason): "authentication to \(r) failed: \(reason)"
        case let .closedByClient(r): "the connection to \(r) was closed"
        case let .invalidInformation(r, reason): "\(r) has no usable NIP-11 document: \(reason)"
        }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
