import CSodium

extension NIP44 {
    /// ChaCha20 (RFC 8439, counter 0) XOR in place, as 44.md's `chacha20(key, nonce, data)`; false if libsodium fails.
    /// `keys` is the 76-byte message-key block: key at 0..<32, nonce at 32..<44.
    static func chacha20(_ data: UnsafeMutableRawBufferPointer, keys: UnsafeRawBufferPointer) -> Bool {
        guard data.count > 0 else { return true }
        guard let p = data.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let k = keys.baseAddress?.assumingMemoryBound(to: UInt8.self), keys.count == 76 else { return false }
        SecureRandom.ensureInitialized()
        // libsodium allows the output to alias the input for stream ciphers.
        return crypto_stream_chacha20_ietf_xor(p, p, UInt64(data.count), k + 32, k) == 0
    }
}
