/// Sends one HTTP request (NIP-11, NIP-05, LNURL, Blossom). `URLSessionHTTPTransport` is the default; an app or a
/// test may bring its own.
public protocol HTTPTransport: Sendable {
    /// The response, whatever its status; throws only when there is none.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
