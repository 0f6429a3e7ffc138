/// Opens WebSocket connections. `POSIXWebSocketTransport` is the Linux implementation; an iOS app may bring its own.
public protocol WebSocketTransport: Sendable {
    /// Connects, runs TLS for `wss://` and the opening handshake, all within `timeout`.
    func connect(url: WebSocketURL, timeout: Duration) async throws(WebSocketError) -> any WebSocketConnection
}

extension WebSocketTransport {
    /// Connects to a `ws://` or `wss://` URL given as text; the timeout defaults to 5 s.
    public func connect(url: String, timeout: Duration = .seconds(5)) async throws(WebSocketError) -> any WebSocketConnection {
        try await connect(url: try WebSocketURL(url), timeout: timeout)
    }
}

/// An open WebSocket: incoming messages as a stream, text or binary out, and the close handshake.
public protocol WebSocketConnection: Sendable {
    /// Where it is connected.
    var url: WebSocketURL { get }
    /// Every incoming message in order. Ends normally after a close with 1000 (or no code); otherwise throws a
    /// `WebSocketError` (`.closed` with the peer's code, `.connectionLost`, or the protocol violation). Iterate once.
    var messages: AsyncThrowingStream<WebSocketMessage, Error> { get }
    /// Sends a text message; waits while the peer is not reading and too much is queued.
    func send(text: String) async throws(WebSocketError)
    /// Sends a binary message.
    func send(binary: [UInt8]) async throws(WebSocketError)
    /// Runs the close handshake (or gives up after the close timeout) and returns when the socket is closed.
    func close(code: WebSocketCloseCode, reason: String) async
}

extension WebSocketConnection {
    /// Closes normally (1000).
    public func close() async { await close(code: .normal, reason: "") }
}
