import Glibc
import Synchronization

/// One WebSocket connection (client or server side) driven by an `EventLoop`: the state machine from TCP connect
/// or accept, through TLS and the HTTP upgrade, to the close handshake.
///
/// `@unchecked Sendable`: `outbox` is guarded by its Mutex; every other stored property is touched only on
/// `loop`'s thread (set before the channel is handed to the loop, then only from loop tasks and poll callbacks).
final class WebSocketChannel: LoopHandler, @unchecked Sendable {
    enum Phase { case idle, connecting, tlsHandshake, upgrading, readingBody, responding, lingering, open, closing, closed }

    /// The most a lingering close reads and drops before giving up on a graceful end.
    static let maxLingerBytes = 1 << 20

    /// Bytes waiting to be written, shared between senders on any thread and the loop.
    struct Outbox {
        var buffer: [UInt8] = []
        var head = 0
        var flushScheduled = false
        /// Set once the channel no longer accepts frames from users: why sends fail.
        var failure: WebSocketError? = .closed(code: .abnormal, reason: "not open yet")
        var waiters: [CheckedContinuation<Void, Never>] = []
        var pending: Int { buffer.count - head }
    }

    let loop: EventLoop
    let role: FrameParser.Role
    let limits: WebSocketLimits
    let outbox = Mutex(Outbox())

    var fd: Int32 = -1
    var phase = Phase.idle
    var tls: TLSSession?
    var tlsContext: TLSContext?
    var tlsWantsWrite = false
    var writePending = false
    var inbound = ByteCursor()
    var frameParser: FrameParser
    var assembler: MessageAssembler
    var headParser: HTTPHeadParser
    var deadline: ContinuousClock.Instant?
    /// We sent our close frame.
    var closeSent = false
    /// A keepalive ping is out and nothing has arrived since.
    var awaitingPong = false
    /// End the connection once the outbox is empty (after a close reply, an HTTP response or a protocol error).
    var closeAfterFlush = false
    /// What to report when the connection ends after the flush or the close handshake.
    var endError: WebSocketError?

    // Client side.
    var url: WebSocketURL?
    var key = ""
    var addresses: [SocketAddress] = []
    var nextAddress = 0
    var connectTimeout: Duration = .seconds(5)
    var connectStarted = ContinuousClock.now
    var lastConnectError: IOError?
    var extraHeaders = HTTPHeaders()

    // Server side.
    var remoteAddress: SocketAddress?
    var request: HTTPRequestHead?
    var bodyLength = 0
    /// Bytes a lingering close may still drop before it closes anyway.
    var lingerBudget = 0

    /// Called on the loop when the WebSocket opens; servers get the upgrade request.
    var onOpen: ((HTTPRequestHead?) -> Void)?
    /// Called on the loop for every complete message.
    var onMessage: ((WebSocketMessage) -> Void)?
    /// Called once on the loop when the connection is gone: nil after a normal close handshake.
    var onClose: ((WebSocketError?) -> Void)?
    /// Called on the loop for a plain (non-upgrade) HTTP request with its body; answer with `respond`.
    var onHTTPRequest: ((HTTPRequestHead, [UInt8]) -> Void)?

    init(loop: EventLoop, role: FrameParser.Role, limits: WebSocketLimits) {
        self.loop = loop
        self.role = role
        self.limits = limits
        frameParser = FrameParser(role: role, maxFrameSize: limits.maxMessageSize)
        assembler = MessageAssembler(maxMessageSize: limits.maxMessageSize)
        headParser = HTTPHeadParser(maxHeadSize: limits.maxHTTPHeadSize)
    }

    // MARK: LoopHandler

    var pollDescriptor: Int32 { fd }

    var pollEvents: Int16 {
        let inOut = Int16(POLLIN) | Int16(POLLOUT)
        switch phase {
        case .idle, .closed: return 0
        case .connecting: return Int16(POLLOUT)
        case .tlsHandshake: return tlsWantsWrite ? Int16(POLLOUT) : Int16(POLLIN)
        case .responding: return writePending || tlsWantsWrite ? inOut : 0
        case .lingering: return Int16(POLLIN)
        default: return writePending || tlsWantsWrite ? inOut : Int16(POLLIN)
        }
    }

    func handle(revents: Int16) {
        switch phase {
        case .idle, .closed: return
        case .connecting: finishConnect()
        case .tlsHandshake: driveTLS()
        default:
            if revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 || tlsWantsWrite { readAvailable() }
            if phase != .closed, writePending { flushNow() }
        }
    }

    func handleTimeout() {
        switch phase {
        case .connecting, .tlsHandshake, .upgrading:
            guard role == .client else { terminate(.connectionLost); return }
            terminate(.connectTimeout(host: url?.host ?? "?", seconds: connectTimeout.seconds))
        case .closing:
            terminate(closeSent && endError == nil ? nil : endError ?? .connectionLost)
        case .lingering:
            terminate(endError)
        case .open:
            keepAliveTimedOut()
        default:
            terminate(.connectionLost)
        }
    }

    // MARK: Keepalive

    /// Anything arrived on an open connection: it is alive, so the next ping waits a full interval (loop only).
    func heardFromPeer() {
        guard phase == .open, let interval = limits.pingInterval else { return }
        awaitingPong = false
        deadline = .now + interval
    }

    /// RFC 6455 §5.5.2: ping a silent peer; if it stays silent through `pongTimeout`, the connection is gone.
    private func keepAliveTimedOut() {
        if awaitingPong {
            terminate(.connectionLost)
            return
        }
        awaitingPong = true
        deadline = .now + limits.pongTimeout
        enqueueControl(.ping, [])
        flushNow()
    }

    // MARK: Ending

    /// Closes the socket and reports `error` (nil: a clean close) exactly once.
    func terminate(_ error: WebSocketError?) {
        guard phase != .closed else { return }
        let wasRegistered = phase != .idle
        phase = .closed
        deadline = nil
        if wasRegistered { loop.deregister(self) }
        if error == nil { tls?.shutdown() }
        tls = nil
        if fd >= 0 { Socket.close(fd) }
        fd = -1
        let waiters = outbox.withLock { o in
            if o.failure == nil || !closeSent { o.failure = error ?? .closed(code: .normal, reason: "") }
            o.buffer = []
            o.head = 0
            defer { o.waiters = [] }
            return o.waiters
        }
        for w in waiters { w.resume() }
        let done = onClose
        onOpen = nil
        onMessage = nil
        onClose = nil
        onHTTPRequest = nil
        done?(error)
    }

    /// Ends the connection without a close handshake (any thread).
    func abort() { loop.execute { self.terminate(.connectionLost) } }
}
