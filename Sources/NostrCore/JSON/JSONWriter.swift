/// Byte-level JSON output with NIP-01's escaping: only `"`, `\`, and control characters are
/// escaped (`\n \" \\ \r \t \b \f`, the rest as lower-case `\u00xx`); `/` and non-ASCII are written raw.
public enum JSONWriter {
    /// Appends `s` as a quoted JSON string.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// Appends UTF-8 bytes as a quoted JSON string.
    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        var runStart = 0
        for i in 0..<bytes.count {
            let b = bytes[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            appendEscape(b, to: &out)
            runStart = i + 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        out.append(0x22)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendEscape(_ b: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        switch b {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(0x6E)
        case 0x0D: out.append(0x72)
        case 0x09: out.append(0x74)
        case 0x08: out.append(0x62)
        case 0x0C: out.append(0x66)
        default:
            out.append(contentsOf: [0x75, 0x30, 0x30, hexDigits[Int(b >> 4)], hexDigits[Int(b & 0x0F)]])
        }
    }

    /// Appends an integer in decimal.
    public static func appendInt(_ v: Int64, to out: inout [UInt8]) {
        if v >= 0 && v < 10 { out.append(0x30 + UInt8(v)); return }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits and a sign
        let n = withUnsafeMutableBytes(of: &digits) { tmp in
            var m = v.magnitude
            var k = tmp.count
            repeat {
                k -= 1
                tmp[k] = 0x30 + UInt8(m % 10)
                m /= 10
            } while m > 0
            if v < 0 { k -= 1; tmp[k] = 0x2D }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: tmp[k...]))
            return tmp.count - k
        }
        _ = n
    }

    /// Appends any JSON value compactly, object keys sorted by their UTF-8 bytes.
    public static func appendValue(_ v: JSONValue, to out: inout [UInt8]) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .int(i): appendInt(i, to: &out)
        case let .double(d):
            // JSON has no NaN or infinity.
            if d.isFinite { out.append(contentsOf: "\(d)".utf8) } else { out.append(contentsOf: "null".utf8) }
        case let .string(s): appendString(s, to: &out)
        case let .array(a):
            out.append(0x5B)
            for (k, e) in a.enumerated() {
                if k > 0 { out.append(0x2C) }
                appendValue(e, to: &out)
            }
            out.append(0x5D)
        case let .object(o):
            out.append(0x7B)
            for (k, key) in o.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if k > 0 { out.append(0x2C) }
                appendString(key, to: &out)
                out.append(0x3A)
                if let value = o[key] { appendValue(value, to: &out) }
            }
            out.append(0x7D)
        }
    }

    /// Writes the UTF-8 encoding of a Unicode scalar value (already known to be valid); returns its length.
    static func writeUTF8(_ v: UInt32, to out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch v {
        case 0..<0x80:
            out[0] = UInt8(v)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | (v >> 6))
            out[1] = UInt8(0x80 | (v & 0x3F))
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | (v >> 12))
            out[1] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[2] = UInt8(0x80 | (v & 0x3F))
            return 3
        default:
            out[0] = UInt8(0xF0 | (v >> 18))
            out[1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[2] = UInt8(0x80 | ((v >> 6) & 0x3F))
            out[3] = UInt8(0x80 | (v & 0x3F))
            return 4
        }
    }
}
