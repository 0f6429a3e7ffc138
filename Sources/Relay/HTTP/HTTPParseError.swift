/// Why bytes on the wire are not an acceptable HTTP/1.1 message head or body.
public enum HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The head did not end within `limit` bytes.
    case headTooLarge(limit: Int)
    /// The first line is not `METHOD target HTTP/x.y` or `HTTP/x.y status reason`.
    case malformedStartLine(String)
    /// A header line has no colon or a bad name.
    case malformedHeader(String)
    /// Only HTTP/1.x is spoken here.
    case unsupportedVersion(String)
    /// `Content-Length` is not a number, or appears twice with different values.
    case badContentLength(String)
    /// The declared body exceeds the configured limit.
    case bodyTooLarge(size: Int, limit: Int)
    /// Chunked request bodies are not supported; send `Content-Length`.
    case chunkedNotSupported

    public var description: String {
        switch self {
        case .headTooLarge(let limit): "HTTP head larger than \(limit) bytes"
        case .malformedStartLine(let line): "malformed HTTP start line: \(line.prefix(120))"
        case .malformedHeader(let line): "malformed HTTP header line: \(line.prefix(120))"
        case .unsupportedVersion(let v): "unsupported HTTP version \(v.prefix(20)) (only HTTP/1.x)"
        case .badContentLength(let v): "invalid Content-Length \(v.prefix(40))"
        case .bodyTooLarge(let size, let limit): "HTTP body of \(size) bytes exceeds the limit of \(limit) bytes"
        case .chunkedNotSupported: "chunked request bodies are not supported; send Content-Length"
        }
    }
}
