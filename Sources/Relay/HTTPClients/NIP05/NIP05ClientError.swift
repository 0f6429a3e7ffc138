import NostrCore

/// Why a NIP-05 lookup or verification failed.
public enum NIP05ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The identifier is not `name@domain` or a domain.
    case identifier(NIP05Error)
    /// No HTTP response (DNS, TCP, TLS, timeout).
    case http(HTTPError)
    /// The server answered with a redirect, which NIP-05 forbids following.
    case redirect(url: String, status: Int, location: String?)
    /// The server answered with an error status.
    case status(url: String, status: Int)
    /// The document is unusable, does not list the name, or names another key.
    case document(url: String, NIP05Error)
    /// The profile has no `nip05` field to verify.
    case noIdentifier

    public var description: String {
        switch self {
        case let .identifier(e): "\(e)"
        case let .http(e): "\(e)"
        case let .redirect(url, status, location):
            "\(url) redirects (\(status)\(location.map { " to \($0)" } ?? "")); NIP-05 forbids following redirects"
        case let .status(url, status): "\(url) answered HTTP \(status)"
        case let .document(url, e): "\(url): \(e)"
        case .noIdentifier: "the profile has no nip05 field"
        }
    }
}
