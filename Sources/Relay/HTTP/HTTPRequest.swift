/// An HTTP request for an `HTTPTransport`.
public struct HTTPRequest: Sendable, Equatable {
    /// GET, POST, PUT, DELETE, HEAD…
    public var method: String
    /// An absolute http:// or https:// URL.
    public var url: String
    /// Header fields to send.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: [UInt8]?
    /// How long to wait for the whole exchange.
    public var timeout: Duration
    /// Off by default: NIP-05 forbids following redirects, and a caller that wants them opts in.
    public var followRedirects: Bool

    /// A request; GET without a body by default.
    public init(method: String = "GET", url: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8]? = nil,
                timeout: Duration = .seconds(10), followRedirects: Bool = false) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followRedirects = followRedirects
    }
}
