import CSodium

extension NIP49 {
    /// scrypt(password, salt, N = 2^logN, r = 8, p = 1) → 32 bytes (49.md, "Symmetric Encryption Key derivation").
    static func scrypt(_ password: [UInt8], salt: [UInt8], logN: UInt8) -> [UInt8]? {
        SecureRandom.ensureInitialized()
        var key = [UInt8](repeating: 0, count: 32)
        let rc = crypto_pwhash_scryptsalsa208sha256_ll(password, password.count, salt, salt.count,
                                                       UInt64(1) << UInt64(logN), 8, 1, &key, key.count)
        guard rc == 0 else { ConstantTime.wipe(&key); return nil }
        return key
    }

    /// XChaCha20-Poly1305 (IETF) seal: 32-byte key → 48 bytes of ciphertext and tag.
    static func seal(_ plaintext: [UInt8], ad: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: plaintext.count + Int(crypto_aead_xchacha20poly1305_ietf_abytes()))
        var outLength: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_encrypt(&out, &outLength, plaintext, UInt64(plaintext.count),
                                                            ad, UInt64(ad.count), nil, nonce, key)
        guard rc == 0, Int(outLength) == out.count else { return nil }
        return out
    }

    /// XChaCha20-Poly1305 (IETF) open; nil when the tag does not verify.
    static func open(_ ciphertext: [UInt8], ad: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        let tag = Int(crypto_aead_xchacha20poly1305_ietf_abytes())
        guard ciphertext.count >= tag else { return nil }
        var out = [UInt8](repeating: 0, count: ciphertext.count - tag)
        var outLength: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_decrypt(&out, &outLength, nil, ciphertext, UInt64(ciphertext.count),
                                                            ad, UInt64(ad.count), nonce, key)
        guard rc == 0 else { ConstantTime.wipe(&out); return nil }
        return out
    }
}
