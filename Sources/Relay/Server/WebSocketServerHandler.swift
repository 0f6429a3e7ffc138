/// What a `WebSocketServer` does with its connections and plain HTTP requests.
///
/// The `did…` methods run on the server's I/O thread, in order per connection: keep them short and hand slow
/// work (database queries, signature checks) to your own task or queue, then answer with `connection.send`.
public protocol WebSocketServerHandler: Sendable {
    /// A WebSocket finished its upgrade; `connection.request` holds the HTTP request.
    func didOpen(_ connection: WebSocketServerConnection)
    /// A complete message arrived.
    func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection)
    /// The connection is gone: `error` is nil after a normal close handshake.
    func didClose(_ connection: WebSocketServerConnection, error: WebSocketError?)
    /// Answers a request that is not a WebSocket upgrade (NIP-11, Blossom…); runs as its own task.
    func respond(to request: HTTPServerRequest) async -> HTTPResponse
}

extension WebSocketServerHandler {
    public func didOpen(_ connection: WebSocketServerConnection) {}
    public func didClose(_ connection: WebSocketServerConnection, error: WebSocketError?) {}
    public func respond(to request: HTTPServerRequest) async -> HTTPResponse {
        HTTPResponse(status: 426, headers: ["Upgrade": "websocket"], body: Array("this endpoint speaks WebSocket\n".utf8))
    }
}

/// A plain HTTP request received by a `WebSocketServer`.
public struct HTTPServerRequest: Sendable {
    /// Method, target and headers.
    public let head: HTTPRequestHead
    /// The body (empty without `Content-Length`).
    public let body: [UInt8]
    /// The peer's address, "ip:port".
    public let remoteAddress: String
}
