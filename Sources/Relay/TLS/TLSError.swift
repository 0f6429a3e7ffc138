/// A TLS failure, with OpenSSL's own explanation.
public enum TLSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Building the SSL context failed (bad CA file, certificate or key file).
    case configuration(String)
    /// The peer's certificate was not accepted (unknown CA, wrong host name, expired…).
    case certificateRejected(String)
    /// The TLS handshake failed for another reason.
    case handshakeFailed(String)
    /// Reading or writing the TLS stream failed.
    case stream(String)

    public var description: String {
        switch self {
        case .configuration(let m): "TLS configuration error: \(m)"
        case .certificateRejected(let m): "TLS certificate rejected: \(m)"
        case .handshakeFailed(let m): "TLS handshake failed: \(m)"
        case .stream(let m): "TLS stream error: \(m)"
        }
    }
}
