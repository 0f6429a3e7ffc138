/// Decoding of the lower-case hex NIP-01 uses for ids, keys and signatures, eight digits at a time.
enum LowerHex {
    /// Decodes exactly `out.count * 2` lower-case hex digits into `out`; false on any other byte.
    static func decode(_ hex: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer) -> Bool {
        let n = out.count
        guard hex.count == 2 * n else { return false }
        guard n > 0, let src = hex.baseAddress, let dst = out.baseAddress else { return true }
        var k = 0
        while k + 4 <= n {
            let x = UInt64(littleEndian: UnsafeRawPointer(src + 2 * k).loadUnaligned(as: UInt64.self))
            guard let v = word(x) else { return false }
            dst.storeBytes(of: v.littleEndian, toByteOffset: k, as: UInt32.self)
            k += 4
        }
        while k < n {
            let hi = EventParser.lowerHexNibble(src[2 * k]), lo = EventParser.lowerHexNibble(src[2 * k + 1])
            guard hi | lo <= 0x0F else { return false }
            dst.storeBytes(of: hi << 4 | lo, toByteOffset: k, as: UInt8.self)
            k += 1
        }
        return true
    }

    /// Eight hex digits (as loaded little-endian) to four bytes, or nil when one is not `0-9a-f`.
    /// Range tests add a bias per byte so the high bit answers "≥ lo" or "> hi"; with every byte
    /// below 0x80 no sum carries into the next byte.
    @inline(__always)
    static func word(_ x: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        guard x & high == 0 else { return nil }
        let digit = (x &+ ones &* (0x80 - 0x30)) & ~(x &+ ones &* (0x7F - 0x39))
        let letter = (x &+ ones &* (0x80 - 0x61)) & ~(x &+ ones &* (0x7F - 0x66))
        guard (digit | letter) & high == high else { return nil }
        // '0'–'9' keep their low nibble; 'a'–'f' (bit 6 set) are low nibble + 9.
        let v = (x & (ones &* 0x0F)) &+ ((x >> 6) & ones) &* 9
        var w = ((v << 4) | (v >> 8)) & 0x00FF_00FF_00FF_00FF
        w = (w | (w >> 8)) & 0x0000_FFFF_0000_FFFF
        w = (w | (w >> 16)) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: w)
    }
}
