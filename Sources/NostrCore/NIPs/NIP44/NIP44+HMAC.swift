extension NIP44 {
    /// HKDF-SHA256-Expand(PRK = conversation key, info = nonce, L = 76) (RFC 5869 §2.3), the message keys
    /// of 44.md `get_message_keys`. On the per-thread OpenSSL context (SHA instructions where the CPU has
    /// them), not libsodium's portable SHA-256: three HMACs per message are a visible part of a decrypt.
    static func expandMessageKeys(_ prk: [UInt8], nonce: [UInt8]) -> [UInt8] {
        nonce.withUnsafeBytes { expandMessageKeys(prk, nonce: $0) }
    }

    /// `expandMessageKeys` with the nonce read in place (a decrypt's nonce sits inside the payload).
    static func expandMessageKeys(_ prk: [UInt8], nonce: UnsafeRawBufferPointer) -> [UInt8] {
        var blocks = [UInt8](repeating: 0, count: 96)
        prk.withUnsafeBytes { key in
            blocks.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for i in 0..<3 {
                    // T(i) = HMAC(PRK, T(i-1) ‖ info ‖ i), T(0) empty.
                    var counter = UInt8(i + 1)
                    let previous = UnsafeRawBufferPointer(start: i > 0 ? base + (i - 1) * 32 : nil, count: i > 0 ? 32 : 0)
                    withUnsafeBytes(of: &counter) { c in HMACSHA256.mac(key: key, previous, nonce, c, into: base + i * 32) }
                }
            }
        }
        let keys = Array(blocks[0..<76])
        ConstantTime.wipe(&blocks)
        return keys
    }
}
