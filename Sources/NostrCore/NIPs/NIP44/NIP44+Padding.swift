extension NIP44 {
    /// Longest plaintext with the 2-byte length prefix.
    public static let maxStandardLength = 65_535
    /// Longest plaintext with the extended 6-byte prefix (44.md, "Extended length prefix").
    public static let maxExtendedLength = Int(UInt32.max)

    /// The padded length of a plaintext of `unpaddedLength` bytes (44.md `calc_padded_len`).
    public static func paddedLength(_ unpaddedLength: Int) -> Int {
        guard unpaddedLength > 32 else { return 32 }
        let log2 = Int.bitWidth - 1 - (unpaddedLength - 1).leadingZeroBitCount
        let nextPower = 1 << (log2 + 1)
        let chunk = nextPower <= 256 ? 32 : nextPower / 8
        return chunk * ((unpaddedLength - 1) / chunk + 1)
    }

    /// Bytes of length prefix for a plaintext of `length` bytes: 2, or 6 from 65,536 on.
    static func prefixLength(_ length: Int) -> Int { length > maxStandardLength ? 6 : 2 }

    /// Writes the length prefix for `length` at `out[0...]` (u16, or 0x0000 + u32 when extended).
    static func writePrefix(_ length: Int, into out: UnsafeMutableRawBufferPointer) {
        if length > maxStandardLength {
            out[0] = 0; out[1] = 0
            out[2] = UInt8(truncatingIfNeeded: length >> 24)
            out[3] = UInt8(truncatingIfNeeded: length >> 16)
            out[4] = UInt8(truncatingIfNeeded: length >> 8)
            out[5] = UInt8(truncatingIfNeeded: length)
        } else {
            out[0] = UInt8(truncatingIfNeeded: length >> 8)
            out[1] = UInt8(truncatingIfNeeded: length)
        }
    }

    /// The plaintext range inside a decrypted padded buffer (indices of `padded`), after checking prefix and padding.
    static func unpaddedRange(_ padded: ArraySlice<UInt8>) throws(NIP44Error) -> Range<Int> {
        let s = padded.startIndex
        guard padded.count >= 2 else { throw .invalidPadding }
        var length = Int(padded[s]) << 8 | Int(padded[s + 1])
        var prefix = 2
        if length == 0 {
            // A zero u16 announces the 6-byte prefix, which must not carry a length a u16 could hold.
            guard padded.count >= 6 else { throw .invalidPadding }
            length = Int(padded[s + 2]) << 24 | Int(padded[s + 3]) << 16 | Int(padded[s + 4]) << 8 | Int(padded[s + 5])
            guard length > maxStandardLength else { throw .invalidPadding }
            prefix = 6
        }
        guard padded.count == prefix + paddedLength(length) else { throw .invalidPadding }
        return s + prefix ..< s + prefix + length
    }
}
