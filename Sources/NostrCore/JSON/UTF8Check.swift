/// Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF)
/// that allocates nothing, for strings the parser checks but does not build.
enum UTF8Check {
    /// The offset of the first byte that does not start a valid sequence, or nil when all is valid.
    static func firstInvalid(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            @inline(__always) func cont(_ k: Int) -> UInt8? { k < n && b[k] & 0xC0 == 0x80 ? b[k] : nil }
            switch c {
            case 0xC2...0xDF:
                guard cont(i + 1) != nil else { return i }
                i += 2
            case 0xE0...0xEF:
                guard let c1 = cont(i + 1), cont(i + 2) != nil else { return i }
                if c == 0xE0 && c1 < 0xA0 { return i }  // overlong
                if c == 0xED && c1 >= 0xA0 { return i }  // UTF-16 surrogate
                i += 3
            case 0xF0...0xF4:
                guard let c1 = cont(i + 1), cont(i + 2) != nil, cont(i + 3) != nil else { return i }
                if c == 0xF0 && c1 < 0x90 { return i }  // overlong
                if c == 0xF4 && c1 >= 0x90 { return i }  // above U+10FFFF
                i += 4
            default:
                return i
            }
        }
        return nil
    }
}
