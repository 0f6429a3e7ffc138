/// A request head: `GET /path HTTP/1.1` and its headers.
public struct HTTPRequestHead: Sendable, Equatable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The request target: path and query.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields.
    public var headers: HTTPHeaders

    /// A request head.
    public init(method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders()) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The path part of the target, without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") }

    /// The head's wire bytes, ending in the blank line.
    public var wireBytes: [UInt8] { HTTPHeadParser.serialize(startLine: "\(method) \(target) \(version)", headers: headers) }
}

/// A response head: `HTTP/1.1 101 Switching Protocols` and its headers.
public struct HTTPResponseHead: Sendable, Equatable {
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// The header fields.
    public var headers: HTTPHeaders

    /// A response head.
    public init(version: String = "HTTP/1.1", status: Int, reason: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    /// The head's wire bytes, ending in the blank line.
    public var wireBytes: [UInt8] { HTTPHeadParser.serialize(startLine: "\(version) \(status) \(reason)", headers: headers) }
}
