/// Standard base64 (RFC 4648 §4, `+/`, with `=` padding).
///
/// Decoding is strict: no whitespace, length a multiple of 4, padding only at the end, and the unused
/// bits of the last character zero (RFC 4648 §3.5), so every byte string has exactly one accepted encoding.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let pad: UInt8 = 0x3d // "="

    /// Maps an ASCII byte to its 6-bit value, or 0xff (any value with a high bit set is invalid).
    private static let decodeTable: [UInt8] = {
        var t = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    /// The length of the encoding of `byteCount` bytes.
    public static func encodedLength(_ byteCount: Int) -> Int { (byteCount + 2) / 3 * 4 }

    /// Encodes bytes as padded base64.
    public static func encode(_ bytes: some ContiguousBytes) -> String {
        bytes.withUnsafeBytes { encode(raw: $0) }
    }

    /// Encodes a raw buffer as padded base64 (no intermediate copy).
    public static func encode(raw src: UnsafeRawBufferPointer) -> String {
        let outCount = encodedLength(src.count)
        guard outCount > 0 else { return "" }
        return alphabet.withUnsafeBufferPointer { a in
            String(unsafeUninitializedCapacity: outCount) { out in
                var i = 0, o = 0
                let n = src.count
                while i + 3 <= n {
                    let v = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                    out[o] = a[Int(v >> 18)]
                    out[o + 1] = a[Int(v >> 12 & 0x3f)]
                    out[o + 2] = a[Int(v >> 6 & 0x3f)]
                    out[o + 3] = a[Int(v & 0x3f)]
                    i += 3; o += 4
                }
                switch n - i {
                case 1:
                    let v = UInt32(src[i]) << 16
                    out[o] = a[Int(v >> 18)]
                    out[o + 1] = a[Int(v >> 12 & 0x3f)]
                    out[o + 2] = pad
                    out[o + 3] = pad
                case 2:
                    let v = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8
                    out[o] = a[Int(v >> 18)]
                    out[o + 1] = a[Int(v >> 12 & 0x3f)]
                    out[o + 2] = a[Int(v >> 6 & 0x3f)]
                    out[o + 3] = pad
                default:
                    break
                }
                return outCount
            }
        }
    }

    /// Decodes padded base64; nil when the text is not canonical padded base64.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        if let r = text.utf8.withContiguousStorageIfAvailable({ decode(utf8: $0) }) { return r }
        return Array(text.utf8).withUnsafeBufferPointer { decode(utf8: $0) }
    }

    /// Decodes padded base64 from ASCII bytes; nil when they are not canonical padded base64.
    public static func decode(utf8 src: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let n = src.count
        guard n % 4 == 0 else { return nil }
        guard n > 0 else { return [] }
        let padding = src[n - 1] == pad ? (src[n - 2] == pad ? 2 : 1) : 0
        let outCount = n / 4 * 3 - padding
        return decodeTable.withUnsafeBufferPointer { t -> [UInt8]? in
            var ok = true
            let out = [UInt8](unsafeUninitializedCapacity: outCount) { buf, count in
                var i = 0, o = 0
                // Every full quantum except the last one, which may carry padding.
                let fullEnd = n - 4
                while i < fullEnd {
                    let a = t[Int(src[i])], b = t[Int(src[i + 1])], c = t[Int(src[i + 2])], d = t[Int(src[i + 3])]
                    if (a | b | c | d) & 0xc0 != 0 { ok = false; break }
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buf[o] = UInt8(truncatingIfNeeded: v >> 16)
                    buf[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    buf[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4; o += 3
                }
                if ok {
                    let a = t[Int(src[i])], b = t[Int(src[i + 1])]
                    let c = padding == 2 ? 0 : t[Int(src[i + 2])]
                    let d = padding >= 1 ? 0 : t[Int(src[i + 3])]
                    if (a | b | c | d) & 0xc0 != 0 {
                        ok = false
                    } else {
                        let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        // RFC 4648 §3.5: the bits dropped by padding must be zero.
                        if padding == 2 && v & 0xffff != 0 || padding == 1 && v & 0xff != 0 { ok = false }
                        buf[o] = UInt8(truncatingIfNeeded: v >> 16)
                        if padding < 2 { buf[o + 1] = UInt8(truncatingIfNeeded: v >> 8) }
                        if padding < 1 { buf[o + 2] = UInt8(truncatingIfNeeded: v) }
                    }
                }
                count = ok ? outCount : 0
            }
            return ok ? out : nil
        }
    }
}
