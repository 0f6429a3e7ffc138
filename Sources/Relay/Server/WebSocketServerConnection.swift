/// One accepted WebSocket, as the server's handler sees it. Safe to use from any thread.
public final class WebSocketServerConnection: Sendable, Hashable, CustomStringConvertible {
    /// Unique within its server.
    public let id: UInt64
    /// The peer's address, "ip:port".
    public let remoteAddress: String
    /// The upgrade request (path, headers such as X-Forwarded-For).
    public let request: HTTPRequestHead
    private let channel: WebSocketChannel

    init(id: UInt64, remoteAddress: String, request: HTTPRequestHead, channel: WebSocketChannel) {
        self.id = id
        self.remoteAddress = remoteAddress
        self.request = request
        self.channel = channel
    }

    /// Queues a text message. Throws when the connection is closing, or when the peer is so far behind that
    /// `maxOutboundBytes` would be exceeded — the connection is then closed with 1008.
    public func send(text: String) throws(WebSocketError) { try channel.send(.text, text.utf8, overflow: .closeConnection) }

    /// Queues a binary message; throws like `send(text:)`.
    public func send(binary: [UInt8]) throws(WebSocketError) { try channel.send(.binary, binary, overflow: .closeConnection) }

    /// Starts the close handshake.
    public func close(code: WebSocketCloseCode = .normal, reason: String = "") {
        let channel = self.channel
        channel.loop.execute { channel.initiateClose(code: code, reason: reason) }
    }

    /// Drops the TCP connection without a close handshake.
    public func abort() { channel.abort() }

    public var description: String { "connection \(id) from \(remoteAddress)" }

    public static func == (a: WebSocketServerConnection, b: WebSocketServerConnection) -> Bool { a.id == b.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
