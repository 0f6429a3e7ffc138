/// Sans-IO WebSocket frame decoder (RFC 6455 §5.2): feed it bytes through a `ByteCursor`, take whole frames out.
public struct FrameParser: Sendable {
    /// Which end of the connection we are; it decides which masking rule incoming frames must follow (§5.1).
    public enum Role: Sendable { case client, server }

    private struct Header {
        var fin: Bool
        var opcode: Opcode
        var length: Int
        var mask: (UInt8, UInt8, UInt8, UInt8)?
    }

    /// Our side of the connection.
    public let role: Role
    /// The largest payload accepted in one frame; checked before the payload is buffered.
    public let maxFrameSize: Int
    private var pending: Header?

    /// A parser for `role` that rejects frames over `maxFrameSize` bytes.
    public init(role: Role, maxFrameSize: Int = 16 << 20) {
        self.role = role
        self.maxFrameSize = maxFrameSize
    }

    /// The next whole frame, or nil when `input` does not hold one yet (feed more and call again).
    public mutating func next(_ input: inout ByteCursor) throws(WebSocketError) -> Frame? {
        if pending == nil {
            guard let header = try parseHeader(&input) else { return nil }
            pending = header
        }
        guard let header = pending, input.readableCount >= header.length else { return nil }
        var payload = input.read(header.length) ?? []
        if let m = header.mask { Masking.apply((m.0, m.1, m.2, m.3), to: &payload) }
        pending = nil
        return Frame(fin: header.fin, opcode: header.opcode, payload: payload)
    }

    /// Reads a header once all of it is there; consumes nothing otherwise.
    private func parseHeader(_ input: inout ByteCursor) throws(WebSocketError) -> Header? {
        guard let b0 = input.peek(at: 0), let b1 = input.peek(at: 1) else { return nil }
        guard b0 & 0x70 == 0 else { throw .reservedBitsSet }
        guard let opcode = Opcode(rawValue: b0 & 0x0F) else { throw .unknownOpcode(b0 & 0x0F) }
        let fin = b0 & 0x80 != 0
        let masked = b1 & 0x80 != 0
        switch role {
        case .client: guard !masked else { throw .maskedFrameFromServer }
        case .server: guard masked else { throw .unmaskedFrameFromClient }
        }
        let len7 = Int(b1 & 0x7F)
        let lengthBytes = len7 == 126 ? 2 : len7 == 127 ? 8 : 0
        let headerSize = 2 + lengthBytes + (masked ? 4 : 0)
        guard input.readableCount >= headerSize else { return nil }
        var length: UInt64 = UInt64(len7)
        if lengthBytes > 0 {
            length = 0
            for i in 0 ..< lengthBytes { length = length << 8 | UInt64(input.peek(at: 2 + i) ?? 0) }
            if lengthBytes == 8, length >> 63 != 0 { throw .lengthOutOfRange }
        }
        if opcode.isControl {
            // §5.5: control frames are never fragmented and carry at most 125 bytes.
            guard fin else { throw .fragmentedControlFrame }
            guard length <= 125 else { throw .controlFrameTooLong(Int(length)) }
        }
        guard length <= UInt64(maxFrameSize) else {
            throw .messageTooLarge(size: length > UInt64(Int.max) ? Int.max : Int(length), limit: maxFrameSize)
        }
        var mask: (UInt8, UInt8, UInt8, UInt8)?
        if masked {
            let m = 2 + lengthBytes
            mask = (input.peek(at: m) ?? 0, input.peek(at: m + 1) ?? 0, input.peek(at: m + 2) ?? 0, input.peek(at: m + 3) ?? 0)
        }
        input.skip(headerSize)
        return Header(fin: fin, opcode: opcode, length: Int(length), mask: mask)
    }
}
