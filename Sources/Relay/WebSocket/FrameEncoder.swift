import NostrCore

/// Writes WebSocket frames (RFC 6455 §5.2); clients mask with a fresh random key per frame (§5.3).
public enum FrameEncoder {
    /// The wire bytes of one frame; `masked` must be true for frames a client sends.
    public static func encode(_ frame: Frame, masked: Bool) -> [UInt8] {
        var out: [UInt8] = []
        encode(frame, masked: masked, into: &out)
        return out
    }

    /// Appends the wire bytes of one frame to `out`.
    public static func encode(_ frame: Frame, masked: Bool, into out: inout [UInt8]) {
        encode(fin: frame.fin, opcode: frame.opcode, payload: frame.payload, masked: masked, into: &out)
    }

    /// Appends a frame built from its parts, without first making a `Frame`.
    public static func encode(fin: Bool = true, opcode: Opcode, payload: some Collection<UInt8>, masked: Bool, into out: inout [UInt8]) {
        let n = payload.count
        out.reserveCapacity(out.count + n + 14)
        out.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = masked ? 0x80 : 0
        if n < 126 {
            out.append(maskBit | UInt8(n))
        } else if n <= 0xFFFF {
            out.append(maskBit | 126)
            out.append(UInt8(n >> 8)); out.append(UInt8(n & 0xFF))
        } else {
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((UInt64(n) >> UInt64(shift)) & 0xFF)) }
        }
        if masked {
            let k = SecureRandom.bytes(4)
            out.append(contentsOf: k)
            var body = Array(payload)
            Masking.apply((k[0], k[1], k[2], k[3]), to: &body)
            out.append(contentsOf: body)
        } else {
            out.append(contentsOf: payload)
        }
    }

    /// The payload of a close frame: the code in network order, then the UTF-8 reason cut to fit 125 bytes (§5.5.1).
    public static func closePayload(code: WebSocketCloseCode, reason: String) -> [UInt8] {
        var p: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = Array(reason.utf8.prefix(123))
        // Cut on a character boundary so the reason stays valid UTF-8.
        while !reasonBytes.isEmpty, String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        p.append(contentsOf: reasonBytes)
        return p
    }
}
