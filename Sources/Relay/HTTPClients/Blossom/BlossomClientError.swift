import NostrCore

/// Why a Blossom request failed.
public enum BlossomClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server is not an http(s) URL or host name.
    case invalidServer(String)
    /// Not a 64-character hex SHA-256.
    case invalidHash(String)
    /// No HTTP response (DNS, TCP, TLS, timeout).
    case http(HTTPError)
    /// The server refused or failed (status and its `X-Reason`, if any).
    case status(url: String, status: Int, reason: String?)
    /// The server's answer is not a blob descriptor (list).
    case descriptor(BlossomError)
    /// The bytes received do not hash to the requested SHA-256, or the server stored other bytes than were sent.
    case hashMismatch(expected: String, got: String)
    /// A local file could not be read or written.
    case file(path: String, reason: String)
    /// The signer could not sign the authorization.
    case signer(SignerError)

    public var description: String {
        switch self {
        case let .invalidServer(s): "\"\(s)\" is not a Blossom server URL (expected https://host or a host name)"
        case let .invalidHash(s): "\"\(s.prefix(80))\" is not a SHA-256 (64 hex characters)"
        case let .http(e): "\(e)"
        case let .status(url, status, reason): "\(url) answered HTTP \(status)\(reason.map { ": \($0)" } ?? "")"
        case let .descriptor(e): "\(e)"
        case let .hashMismatch(expected, got): "blob hash mismatch: expected \(expected), got \(got)"
        case let .file(path, reason): "\(path): \(reason)"
        case let .signer(e): "could not sign the Blossom authorization: \(e)"
        }
    }
}
