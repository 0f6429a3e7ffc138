import Glibc

/// A WebSocket and HTTP/1.1 server on one port: upgrades go to the handler's `did…` methods, other requests to its
/// `respond(to:)`. Runs on the shared I/O thread; the foundation of `serve`.
public final class WebSocketServer: Sendable {
    /// The port actually bound (the ephemeral one when 0 was asked).
    public let port: UInt16
    /// The address bound, e.g. "127.0.0.1".
    public let host: String
    private let listener: WebSocketListener

    /// Binds `host:port` (port 0 picks a free one) and starts accepting. `tls` makes it a `wss://` server.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, tls: TLSConfiguration? = nil, limits: WebSocketLimits = WebSocketLimits(),
                maxConnections: Int = 10_000, handler: some WebSocketServerHandler) throws(WebSocketError) {
        FileLimits.raiseToHardLimit()
        let context: TLSContext?
        do { context = try tls.map { c throws(TLSError) in try TLSContext.server(c) } } catch { throw .tls(error) }
        let addresses: [SocketAddress]
        switch Resolver.resolveBlocking(host: host, port: port) {
        case .success(let a): addresses = a
        case .failure(let e): throw e
        }
        var fd: Int32 = -1
        do {
            let address = addresses[0]
            fd = try Socket.makeTCP(family: address.family)
            try Socket.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            _ = try syscall("bind") { address.withSockAddr { bind(fd, $0, $1) } }
            _ = try syscall("listen") { listen(fd, 4096) }
            self.port = try Socket.localAddress(fd).port
            self.host = address.host
        } catch {
            if fd >= 0 { Socket.close(fd) }
            throw .io(error)
        }
        let loop = EventLoop.shared
        let listener = WebSocketListener(fd: fd, loop: loop, handler: handler, tls: context, limits: limits, maxConnections: maxConnections)
        self.listener = listener
        loop.execute { loop.register(listener) }
    }

    /// The `ws://` (or `wss://`) URL of this server.
    public var url: String { "\(listener.tlsless ? "ws" : "wss")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Stops accepting, closes every connection with 1001 (going away) and returns when they are gone.
    public func shutdown() async {
        let listener = self.listener
        await withCheckedContinuation { c in listener.loop.execute { listener.shutdown(c) } }
    }
}
