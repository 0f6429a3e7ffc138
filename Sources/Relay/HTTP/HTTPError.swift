/// Why an HTTP exchange produced no response. A response with an error status is not an `HTTPError`.
public enum HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not an absolute http(s) URL.
    case invalidURL(String)
    /// No response within the request's timeout.
    case timedOut(url: String, seconds: Double)
    /// DNS or TCP failed.
    case cannotConnect(url: String, reason: String)
    /// The server's certificate was not accepted.
    case tls(url: String, reason: String)
    /// The body is larger than the transport accepts.
    case responseTooLarge(url: String, limit: Int)
    /// The calling task was cancelled.
    case cancelled
    /// Anything else the HTTP stack reported.
    case failed(url: String, reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let u): "invalid HTTP URL \(u.prefix(200)) (expected http:// or https://)"
        case .timedOut(let u, let s): "no response from \(u.prefix(200)) within \(s) s"
        case .cannotConnect(let u, let r): "cannot connect to \(u.prefix(200)): \(r)"
        case .tls(let u, let r): "TLS failure with \(u.prefix(200)): \(r)"
        case .responseTooLarge(let u, let limit): "response from \(u.prefix(200)) exceeds \(limit) bytes"
        case .cancelled: "cancelled"
        case .failed(let u, let r): "HTTP request to \(u.prefix(200)) failed: \(r)"
        }
    }
}
