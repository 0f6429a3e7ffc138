/// Per-connection limits; the defaults suit a Nostr relay or client.
public struct WebSocketLimits: Sendable, Hashable {
    /// The largest incoming message (and frame), reassembled.
    public var maxMessageSize: Int = 16 << 20
    /// Bytes that may wait to be written to one peer. Past it a client's `send` waits for the peer to read, and a
    /// server closes the connection (1008) rather than buffer without bound for a peer that does not read.
    public var maxOutboundBytes: Int = 8 << 20
    /// The largest HTTP head (the upgrade request or response).
    public var maxHTTPHeadSize: Int = 16 * 1024
    /// The largest body of a plain HTTP request to a server.
    public var maxHTTPBodySize: Int = 16 << 20
    /// How long a server waits for an accepted connection to finish TLS and send its request.
    public var handshakeTimeout: Duration = .seconds(10)
    /// How long a server's HTTP handler may take.
    public var httpResponseTimeout: Duration = .seconds(30)
    /// How long to wait for the peer's close frame after sending ours.
    public var closeTimeout: Duration = .seconds(3)
    /// How long an open connection may go without receiving anything before we ping it (nil: never). A peer or
    /// NAT that vanished without a FIN would otherwise leave a subscription or a bunker waiting forever.
    public var pingInterval: Duration? = .seconds(30)
    /// How long after that ping the connection counts as lost if still nothing arrived.
    public var pongTimeout: Duration = .seconds(10)

    /// The defaults.
    public init() {}
}
