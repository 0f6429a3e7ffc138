import COpenSSL

/// HMAC-SHA256 and HKDF-SHA256 (RFC 5869), through OpenSSL's one-shot HMAC.
public enum HMACSHA256 {
    /// HMAC-SHA256 of `message` under `key`.
    public static func authenticate(_ message: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                [UInt8](unsafeUninitializedCapacity: 32) { out, count in
                    var len: UInt32 = 32
                    _ = HMAC(EVP_sha256(), k.baseAddress, Int32(k.count),
                             m.baseAddress?.assumingMemoryBound(to: UInt8.self), m.count, out.baseAddress, &len)
                    count = Int(len)
                }
            }
        }
    }
}

/// HKDF with SHA-256 (RFC 5869), as NIP-44 uses it.
public enum HKDF {
    /// HKDF-Extract: the pseudorandom key.
    public static func extract(salt: some ContiguousBytes, ikm: some ContiguousBytes) -> [UInt8] {
        HMACSHA256.authenticate(ikm, key: salt)
    }

    /// HKDF-Expand to `length` bytes (at most 255 × 32).
    public static func expand(prk: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(length <= 255 * 32, "HKDF length")
        var out = [UInt8]()
        out.reserveCapacity(length)
        var previous = [UInt8]()
        var counter: UInt8 = 1
        while out.count < length {
            previous = HMACSHA256.authenticate(previous + info + [counter], key: prk)
            out.append(contentsOf: previous)
            counter &+= 1
        }
        return Array(out.prefix(length))
    }
}
