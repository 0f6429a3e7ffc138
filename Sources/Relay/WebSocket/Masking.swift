/// The XOR masking of client frames (RFC 6455 §5.3); the same operation masks and unmasks.
enum Masking {
    /// XORs `bytes` with the 4-byte `key`, eight bytes at a time where it can.
    static func apply(_ key: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8]) {
        let k = [key.0, key.1, key.2, key.3]
        bytes.withUnsafeMutableBytes { raw in
            let n = raw.count
            var i = 0
            let word = UInt64(k[0]) | UInt64(k[1]) << 8 | UInt64(k[2]) << 16 | UInt64(k[3]) << 24
            let key64 = word | word << 32
            while i + 8 <= n {
                // Little-endian load/store keeps byte j XORed with k[j % 4] since i is a multiple of 4.
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                raw.storeBytes(of: (UInt64(littleEndian: v) ^ key64).littleEndian, toByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < n {
                raw[i] ^= k[i & 3]
                i += 1
            }
        }
    }
}
