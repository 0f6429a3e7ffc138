extension Event {
    /// The id this event's fields hash to (hashed from slices of `raw` when they are canonical).
    public var computedID: EventID { withDigest { EventID(raw: $0) } }

    /// Throws `.idMismatch` unless `id` is the hash of the NIP-01 serialization.
    public func verifyID() throws(EventError) {
        let ok = withDigest { d in
            id.withUnsafeBytes { expected in
                var diff: UInt8 = 0
                for k in 0..<32 { diff |= d[k] ^ expected[k] }
                return diff == 0
            }
        }
        guard ok else { throw .idMismatch }
    }

    /// Checks the id, then the BIP-340 signature: `.idMismatch` or `.invalidSignature`.
    public func verify() throws(EventError) {
        try verifyID()
        guard let key = try? ParsedPublicKey(pubkey) else { throw .invalidSignature }
        try verifySignature(key)
    }

    /// Checks the id, then the signature under an already parsed key (for callers caching keys per author).
    public func verify(using key: ParsedPublicKey) throws(EventError) {
        try verifyID()
        try verifySignature(key)
    }

    /// Whether `verify()` passes.
    public var isValid: Bool {
        do { try verify(); return true } catch { return false }
    }

    private func verifySignature(_ key: ParsedPublicKey) throws(EventError) {
        guard key.key == pubkey, Schnorr.isValid(sig, message: id.bytes, publicKey: key) else {
            throw .invalidSignature
        }
    }

    /// Calls `body` with the SHA-256 of the serialization, built in a temporary buffer.
    func withDigest<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let raw, let spans else {
            let s = unsigned.serialization
            return withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { d in
                s.withUnsafeBufferPointer { src in
                    if let out = d.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                        SHA256Context.hash(src.baseAddress, src.count, into: out)
                    }
                }
                return body(UnsafeRawBufferPointer(d))
            }
        }
        // [0,"<pubkey>",<created_at>,<kind>,<tags>,<content>] with tags and content copied from raw.
        let capacity = 4 + 64 + 2 + 20 + 1 + 20 + 1 + spans.tags.count + 1 + spans.content.count + 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity + 32) { tmp in
            var n = 0
            @inline(__always) func put(_ b: UInt8) { tmp[n] = b; n += 1 }
            put(0x5B); put(0x30); put(0x2C); put(0x22)
            for b in pubkey.bytes {
                put(Self.hexDigit(b >> 4)); put(Self.hexDigit(b & 0x0F))
            }
            put(0x22); put(0x2C)
            n = Self.writeDecimal(createdAt, tmp, n)
            put(0x2C)
            n = Self.writeDecimal(Int64(kind.rawValue), tmp, n)
            put(0x2C)
            raw.withUnsafeBufferPointer { r in
                let t = UnsafeBufferPointer(rebasing: r[spans.tags])
                _ = UnsafeMutableBufferPointer(rebasing: tmp[n..<(n + t.count)]).update(fromContentsOf: t)
                n += t.count
                tmp[n] = 0x2C
                n += 1
                let c = UnsafeBufferPointer(rebasing: r[spans.content])
                _ = UnsafeMutableBufferPointer(rebasing: tmp[n..<(n + c.count)]).update(fromContentsOf: c)
                n += c.count
            }
            put(0x5D)
            let digest = UnsafeMutableBufferPointer(rebasing: tmp[capacity..<(capacity + 32)])
            if let out = digest.baseAddress { SHA256Context.hash(tmp.baseAddress, n, into: out) }
            return body(UnsafeRawBufferPointer(digest))
        }
    }

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }

    private static func writeDecimal(_ v: Int64, _ out: UnsafeMutableBufferPointer<UInt8>, _ at: Int) -> Int {
        var m = v.magnitude
        var digits = 1
        var t = m
        while t >= 10 { t /= 10; digits += 1 }
        var n = at
        if v < 0 { out[n] = 0x2D; n += 1 }
        var k = n + digits
        let end = k
        repeat {
            k -= 1
            out[k] = 0x30 + UInt8(m % 10)
            m /= 10
        } while m > 0
        return end
    }
}
