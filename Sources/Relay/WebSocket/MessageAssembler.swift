/// Sans-IO reassembly of frames into messages (RFC 6455 §5.4), with the size limit and UTF-8 check (§8.1).
public struct MessageAssembler: Sendable {
    /// What a frame amounts to once the fragments around it are accounted for.
    public enum Event: Sendable, Equatable {
        /// A whole text or binary message.
        case message(WebSocketMessage)
        /// A ping to answer with a pong carrying the same payload (§5.5.2).
        case ping([UInt8])
        /// A pong (an answer or an unsolicited heartbeat).
        case pong([UInt8])
        /// The peer started or answered the close handshake; `code` is `.noStatus` when it sent none.
        case close(code: WebSocketCloseCode, reason: String)
    }

    /// The largest reassembled message accepted.
    public let maxMessageSize: Int
    private var fragmentOpcode: Opcode?
    private var buffer: [UInt8] = []

    /// An assembler that rejects messages over `maxMessageSize` bytes.
    public init(maxMessageSize: Int = 16 << 20) { self.maxMessageSize = maxMessageSize }

    /// True while a fragmented message is waiting for its last frame.
    public var isMidMessage: Bool { fragmentOpcode != nil }

    /// Takes one frame; returns what it completes, or nil when it is a fragment of a message still in progress.
    public mutating func push(_ frame: Frame) throws(WebSocketError) -> Event? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.parseClose(frame.payload)
        case .text, .binary:
            if fragmentOpcode != nil { throw .expectedContinuation(got: frame.opcode) }
            guard frame.payload.count <= maxMessageSize else { throw .messageTooLarge(size: frame.payload.count, limit: maxMessageSize) }
            if frame.fin { return .message(try Self.message(frame.opcode, frame.payload)) }
            fragmentOpcode = frame.opcode
            buffer = frame.payload
            return nil
        case .continuation:
            guard let op = fragmentOpcode else { throw .unexpectedContinuation }
            guard buffer.count + frame.payload.count <= maxMessageSize else {
                throw .messageTooLarge(size: buffer.count + frame.payload.count, limit: maxMessageSize)
            }
            buffer.append(contentsOf: frame.payload)
            guard frame.fin else { return nil }
            let bytes = buffer
            buffer = []
            fragmentOpcode = nil
            return .message(try Self.message(op, bytes))
        }
    }

    private static func message(_ opcode: Opcode, _ bytes: [UInt8]) throws(WebSocketError) -> WebSocketMessage {
        guard opcode == .text else { return .binary(bytes) }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return .text(s)
    }

    /// §5.5.1: an optional 2-byte code, then an optional UTF-8 reason.
    private static func parseClose(_ p: [UInt8]) throws(WebSocketError) -> Event {
        if p.isEmpty { return .close(code: .noStatus, reason: "") }
        guard p.count >= 2 else { throw .invalidClosePayload }
        let code = WebSocketCloseCode(rawValue: UInt16(p[0]) << 8 | UInt16(p[1]))
        guard code.isValidOnWire else { throw .invalidCloseCode(code.rawValue) }
        guard let reason = String(validating: p[2...], as: UTF8.self) else { throw .invalidUTF8 }
        return .close(code: code, reason: reason)
    }
}
