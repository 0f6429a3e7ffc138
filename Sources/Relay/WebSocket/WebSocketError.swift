/// Everything that can go wrong opening or using a WebSocket, protocol violations by name (RFC 6455).
public enum WebSocketError: Error, Hashable, Sendable, CustomStringConvertible {
    // Opening.
    /// Not a `ws://` or `wss://` URL with a host.
    case invalidURL(String)
    /// getaddrinfo could not resolve the host.
    case resolveFailed(host: String, reason: String)
    /// TCP connect, TLS and the opening handshake did not finish in time.
    case connectTimeout(host: String, seconds: Double)
    /// A system call failed.
    case io(IOError)
    /// TLS failed.
    case tls(TLSError)
    /// The handshake response (or request, on a server) is not valid HTTP.
    case handshakeMalformed(HTTPParseError)
    /// The server answered the upgrade with another status than 101.
    case handshakeRejected(status: Int, reason: String)
    /// The 101 response lacks `Upgrade: websocket` / `Connection: Upgrade`.
    case handshakeMissingUpgrade
    /// `Sec-WebSocket-Accept` does not match our key (§4.1, point 4 of the client's checks).
    case handshakeBadAccept

    // Framing (§5).
    /// RSV1–3 set while no extension was negotiated.
    case reservedBitsSet
    /// An opcode RFC 6455 does not define.
    case unknownOpcode(UInt8)
    /// A close, ping or pong frame without FIN.
    case fragmentedControlFrame
    /// A control frame payload over 125 bytes.
    case controlFrameTooLong(Int)
    /// A server must not mask its frames (§5.1).
    case maskedFrameFromServer
    /// A client must mask every frame (§5.1).
    case unmaskedFrameFromClient
    /// A 64-bit payload length with the most significant bit set.
    case lengthOutOfRange
    /// A continuation frame with no message in progress.
    case unexpectedContinuation
    /// A new text or binary frame while a fragmented message is in progress.
    case expectedContinuation(got: Opcode)
    /// A frame or reassembled message over the size limit.
    case messageTooLarge(size: Int, limit: Int)
    /// A text message or close reason that is not UTF-8 (§8.1).
    case invalidUTF8
    /// A close code that must not be sent on the wire.
    case invalidCloseCode(UInt16)
    /// A close payload of exactly one byte.
    case invalidClosePayload

    // Lifetime.
    /// The connection was closed with this code (by either side); nothing more can be sent.
    case closed(code: WebSocketCloseCode, reason: String)
    /// The connection ended without a close handshake (status 1006).
    case connectionLost
    /// More than `limit` bytes are waiting to be written to a peer that does not read.
    case outboundQueueFull(limit: Int)
    /// The task waiting for the connection was cancelled.
    case cancelled

    /// The close code to send when this error ends a connection (§7.4.1).
    public var closeCode: WebSocketCloseCode {
        switch self {
        case .invalidUTF8: .invalidPayload
        case .messageTooLarge: .messageTooBig
        case .outboundQueueFull: .policyViolation
        default: .protocolError
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let u): "invalid WebSocket URL \(u.prefix(200)) (expected ws://host[:port]/path or wss://…)"
        case .resolveFailed(let host, let reason): "cannot resolve \(host): \(reason)"
        case .connectTimeout(let host, let s): "no WebSocket connection to \(host) within \(s) s"
        case .io(let e): "\(e)"
        case .tls(let e): "\(e)"
        case .handshakeMalformed(let e): "bad WebSocket handshake: \(e)"
        case .handshakeRejected(let status, let reason): "server refused the WebSocket upgrade: HTTP \(status) \(reason.prefix(120))"
        case .handshakeMissingUpgrade: "server response lacks Upgrade: websocket / Connection: Upgrade"
        case .handshakeBadAccept: "server's Sec-WebSocket-Accept does not match the key sent"
        case .reservedBitsSet: "frame has reserved bits set but no extension was negotiated"
        case .unknownOpcode(let op): "frame has unknown opcode \(op)"
        case .fragmentedControlFrame: "control frame is fragmented"
        case .controlFrameTooLong(let n): "control frame payload of \(n) bytes exceeds 125"
        case .maskedFrameFromServer: "server sent a masked frame"
        case .unmaskedFrameFromClient: "client sent an unmasked frame"
        case .lengthOutOfRange: "frame length has its most significant bit set"
        case .unexpectedContinuation: "continuation frame without a message in progress"
        case .expectedContinuation(let op): "\(op) frame while a fragmented message is in progress"
        case .messageTooLarge(let size, let limit): "message of \(size)+ bytes exceeds the limit of \(limit) bytes"
        case .invalidUTF8: "text is not valid UTF-8"
        case .invalidCloseCode(let c): "close code \(c) is not allowed on the wire"
        case .invalidClosePayload: "close frame payload of one byte"
        case .closed(let code, let reason): reason.isEmpty ? "connection closed (\(code))" : "connection closed (\(code)): \(reason)"
        case .connectionLost: "connection lost without a close handshake"
        case .outboundQueueFull(let limit): "peer is not reading: more than \(limit) bytes queued"
        case .cancelled: "cancelled"
        }
    }
}
