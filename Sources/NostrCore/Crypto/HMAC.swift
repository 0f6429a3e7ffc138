import COpenSSL
import CSodium

/// HMAC-SHA256 (RFC 2104) and HKDF-SHA256 (RFC 5869) on the per-thread SHA-256 context: OpenSSL 3's
/// one-shot `HMAC()` fetched the MAC and digest and built a context on every call, several times the
/// cost of MACing a short NIP-44 payload.
public enum HMACSHA256 {
    /// HMAC-SHA256 of `message` under `key`.
    public static func authenticate(_ message: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                [UInt8](unsafeUninitializedCapacity: 32) { out, count in
                    if let o = out.baseAddress { mac(key: k, m, into: o) }
                    count = 32
                }
            }
        }
    }

    /// Writes HMAC-SHA256 under `key` of the parts, in order, into 32 bytes at `out`.
    static func mac(key: UnsafeRawBufferPointer, _ parts: UnsafeRawBufferPointer..., into out: UnsafeMutablePointer<UInt8>) {
        // H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ message)), K zero-padded to one 64-byte block, hashed first if longer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buf in
            guard let base = buf.baseAddress else { return }
            defer { sodium_memzero(base, 96) }
            buf.initialize(repeating: 0)
            let block = UnsafeMutableRawBufferPointer(start: base, count: 64)
            if key.count > 64 {
                SHA256Context.hash(key.baseAddress, key.count, into: base)
            } else if key.count > 0 {
                block.copyMemory(from: key)
            }
            for i in 0..<64 { base[i] ^= 0x36 }
            let inner = base + 64
            var ok = true
            switch parts.count {
            case 1: ok = SHA256Context.hash(UnsafeRawBufferPointer(block), parts[0], into: inner)
            case 2: ok = SHA256Context.hash(UnsafeRawBufferPointer(block), parts[0], parts[1], into: inner)
            case 3: ok = SHA256Context.hash(UnsafeRawBufferPointer(block), parts[0], parts[1], parts[2], into: inner)
            default: ok = false
            }
            for i in 0..<64 { base[i] ^= 0x36 ^ 0x5C }
            if ok, SHA256Context.hash(UnsafeRawBufferPointer(block), UnsafeRawBufferPointer(start: inner, count: 32), into: out) {
                return
            }
            oneShot(key: key, parts, into: out)
        }
    }

    /// OpenSSL's one-shot HMAC, for when no digest context is available (or more parts than `mac` spells out).
    private static func oneShot(key: UnsafeRawBufferPointer, _ parts: [UnsafeRawBufferPointer], into out: UnsafeMutablePointer<UInt8>) {
        var message: [UInt8] = []
        for p in parts { message.append(contentsOf: p) }
        defer { ConstantTime.wipe(&message) }
        var len: UInt32 = 32
        _ = HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), message, message.count, out, &len)
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
        var out = [UInt8](repeating: 0, count: (length + 31) / 32 * 32)
        prk.withUnsafeBytes { key in
            info.withUnsafeBytes { info in
                out.withUnsafeMutableBytes { blocks in
                    guard let base = blocks.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                    var counter: UInt8 = 1
                    for i in 0..<(blocks.count / 32) {
                        // T(i) = HMAC(PRK, T(i-1) ‖ info ‖ i), T(0) empty.
                        let previous = UnsafeRawBufferPointer(start: i > 0 ? base + (i - 1) * 32 : nil, count: i > 0 ? 32 : 0)
                        withUnsafeBytes(of: &counter) { c in
                            HMACSHA256.mac(key: key, previous, info, c, into: base + i * 32)
                        }
                        counter &+= 1
                    }
                }
            }
        }
        let result = Array(out.prefix(length))
        ConstantTime.wipe(&out)
        return result
    }
}
