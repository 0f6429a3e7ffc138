import Synchronization

/// The Linux `WebSocketTransport`: POSIX sockets and poll(2) on one shared I/O thread, OpenSSL for `wss://`.
public struct POSIXWebSocketTransport: WebSocketTransport {
    /// The TLS trust settings for `wss://`.
    public let tls: TLSConfiguration
    /// Per-connection limits.
    public let limits: WebSocketLimits
    /// Extra headers for the upgrade request (User-Agent, Origin…).
    public let headers: HTTPHeaders
    private let loop: EventLoop
    private let context: TLSContextCache

    /// A transport trusting `tls` (the system CA store by default).
    public init(tls: TLSConfiguration = .default, limits: WebSocketLimits = WebSocketLimits(), headers: HTTPHeaders = HTTPHeaders()) {
        self.tls = tls
        self.limits = limits
        self.headers = headers
        loop = .shared
        context = TLSContextCache()
    }

    public func connect(url: WebSocketURL, timeout: Duration) async throws(WebSocketError) -> any WebSocketConnection {
        let started = ContinuousClock.now
        if Task.isCancelled { throw .cancelled }
        let addresses = try await Resolver.resolve(host: url.host, port: url.port)
        let channel = WebSocketChannel(loop: loop, role: .client, limits: limits)
        channel.url = url
        channel.key = WebSocketHandshake.makeKey()
        channel.addresses = addresses
        channel.connectStarted = started
        channel.connectTimeout = timeout
        channel.extraHeaders = headers
        if url.secure {
            do { channel.tlsContext = try context.get(tls) } catch { throw .tls(error) }
        }
        let connection = POSIXWebSocketConnection(url: url, channel: channel)
        return try await connection.open(timeout: timeout)
    }
}

/// One `SSL_CTX` per transport, made on first `wss://` use: loading the CA store costs milliseconds.
private final class TLSContextCache: Sendable {
    private let context = Mutex<TLSContext?>(nil)

    func get(_ configuration: TLSConfiguration) throws(TLSError) -> TLSContext {
        try context.withLock { c throws(TLSError) in
            if let c { return c }
            let made = try TLSContext.client(configuration)
            c = made
            return made
        }
    }
}
