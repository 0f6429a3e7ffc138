import Glibc

/// The listening socket of a `WebSocketServer` and the connections it accepted.
///
/// `@unchecked Sendable`: created on the caller's thread, then touched only on `loop`'s thread.
final class WebSocketListener: LoopHandler, @unchecked Sendable {
    let loop: EventLoop
    private(set) var fd: Int32
    private let handler: any WebSocketServerHandler
    private let tlsContext: TLSContext?
    /// Whether connections speak plain `ws://`.
    let tlsless: Bool
    private let limits: WebSocketLimits
    private let maxConnections: Int
    private var connections: [UInt64: WebSocketChannel] = [:]
    private var nextID: UInt64 = 1
    /// Accepting stopped because the process ran out of descriptors; resumes when a connection closes.
    private var paused = false
    private var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
    private var shuttingDown = false

    init(fd: Int32, loop: EventLoop, handler: any WebSocketServerHandler, tls: TLSContext?, limits: WebSocketLimits, maxConnections: Int) {
        self.fd = fd
        self.loop = loop
        self.handler = handler
        tlsContext = tls
        tlsless = tls == nil
        self.limits = limits
        self.maxConnections = maxConnections
    }

    var pollDescriptor: Int32 { fd }
    var pollEvents: Int16 { paused || shuttingDown ? 0 : Int16(POLLIN) }
    var deadline: ContinuousClock.Instant? { nil }
    func handleTimeout() {}

    func handle(revents: Int16) {
        while fd >= 0 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let accepted: Int32?
            do {
                accepted = try nonBlockingSyscall("accept") {
                    withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(fd, $0, &length) } }
                }
            } catch {
                // Out of descriptors: polling on would spin, so wait for a connection to close first.
                if error.errno == EMFILE || error.errno == ENFILE || error.errno == ENOBUFS || error.errno == ENOMEM { paused = true }
                return
            }
            guard let client = accepted else { return }
            guard connections.count < maxConnections else {
                Socket.close(client)
                continue
            }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            adopt(client, remote: SocketAddress(storage: storage))
        }
    }

    private func adopt(_ client: Int32, remote: SocketAddress?) {
        let id = nextID
        nextID += 1
        let channel = WebSocketChannel(loop: loop, role: .server, limits: limits)
        channel.tlsContext = tlsContext
        let handler = self.handler
        let remoteText = remote?.description ?? "?"
        connections[id] = channel
        channel.onOpen = { [unowned channel] head in
            let connection = WebSocketServerConnection(id: id, remoteAddress: remoteText, request: head ?? HTTPRequestHead(method: "GET", target: "/"), channel: channel)
            channel.onMessage = { handler.didReceive($0, from: connection) }
            channel.onClose = { [weak self] error in
                handler.didClose(connection, error: error)
                self?.closed(id)
            }
            handler.didOpen(connection)
        }
        channel.onClose = { [weak self] _ in self?.closed(id) }
        channel.onHTTPRequest = { [unowned channel] head, body in
            let request = HTTPServerRequest(head: head, body: body, remoteAddress: remoteText)
            let strong = channel
            Task { strong.respond(await handler.respond(to: request)) }
        }
        channel.startServer(fd: client, remote: remote)
    }

    private func closed(_ id: UInt64) {
        connections[id] = nil
        paused = false
        if shuttingDown, connections.isEmpty {
            for w in shutdownWaiters { w.resume() }
            shutdownWaiters = []
        }
    }

    /// Stops accepting, closes every connection with 1001 and resumes `done` when all are gone (loop only).
    func shutdown(_ done: CheckedContinuation<Void, Never>) {
        if fd >= 0 {
            shuttingDown = true
            loop.deregister(self)
            Socket.close(fd)
            fd = -1
        }
        if connections.isEmpty { done.resume(); return }
        shutdownWaiters.append(done)
        for channel in Array(connections.values) { channel.initiateClose(code: .goingAway, reason: "server shutting down") }
    }

    /// How many connections are open or opening (loop only).
    var connectionCount: Int { connections.count }
}
