/// A WebSocket frame opcode (RFC 6455 §5.2).
public enum Opcode: UInt8, Sendable, CustomStringConvertible {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

    /// Control frames (close, ping, pong) may arrive between the fragments of a message (§5.5).
    public var isControl: Bool { rawValue & 0x8 != 0 }

    public var description: String {
        switch self {
        case .continuation: "continuation"
        case .text: "text"
        case .binary: "binary"
        case .close: "close"
        case .ping: "ping"
        case .pong: "pong"
        }
    }
}
