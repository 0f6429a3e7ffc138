/// One WebSocket frame with its payload already unmasked (RFC 6455 §5.2).
public struct Frame: Sendable, Equatable {
    /// True on the last frame of a message (always true on control frames).
    public var fin: Bool
    /// What the payload is.
    public var opcode: Opcode
    /// The application data, unmasked.
    public var payload: [UInt8]

    /// A frame; `fin` defaults to a whole message in one frame.
    public init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }
}
