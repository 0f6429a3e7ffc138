/// Lower-case hexadecimal encoding and strict decoding.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes bytes as lower-case hex.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex (either case); nil on odd length or a non-hex character.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(utf8: Array(text.utf8))
    }

    /// Decodes hex from UTF-8 bytes; nil on odd length or a non-hex character.
    public static func decode(utf8 chars: some Collection<UInt8>) -> [UInt8]? {
        guard chars.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(chars.count / 2)
        var high: UInt8 = 0
        var isHigh = true
        for c in chars {
            guard let v = nibble(c) else { return nil }
            if isHigh { high = v } else { out.append(high << 4 | v) }
            isHigh.toggle()
        }
        return out
    }

    /// The value of one hex digit, or nil.
    @inline(__always)
    public static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: return nil
        }
    }
}
