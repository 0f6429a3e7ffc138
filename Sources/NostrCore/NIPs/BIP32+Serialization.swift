import COpenSSL

extension BIP32Key {
    /// BIP-32 "Serialization format" version bytes for mainnet.
    private static let xprvVersion: [UInt8] = [0x04, 0x88, 0xad, 0xe4]
    private static let xpubVersion: [UInt8] = [0x04, 0x88, 0xb2, 0x1e]

    /// The Base58Check `xprv…` string. It is a secret: handle with care.
    public var xprv: String {
        var key = [0] + secretKey.bytes
        defer { ConstantTime.wipe(&key) }
        return Base58.checkEncode(serialized(version: Self.xprvVersion, key: key))
    }

    /// The Base58Check `xpub…` string.
    public var xpub: String {
        Base58.checkEncode(serialized(version: Self.xpubVersion, key: compressedPublicKey))
    }

    private func serialized(version: [UInt8], key: [UInt8]) -> [UInt8] {
        let n = childNumber
        return version + [depth] + parentFingerprint
            + [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)]
            + chainCode + key
    }

    /// RIPEMD-160 of SHA-256 (BIP-32 key identifier).
    static func hash160(_ data: [UInt8]) -> [UInt8] {
        let sha = SHA256.hash(data)
        var out = [UInt8](repeating: 0, count: 20)
        var len: UInt32 = 20
        let ok = EVP_Digest(sha, sha.count, &out, &len, EVP_ripemd160(), nil)
        precondition(ok == 1, "OpenSSL has no RIPEMD-160")
        return out
    }
}

/// Base58 with the Bitcoin alphabet, and Base58Check (4-byte double-SHA-256 checksum).
enum Base58 {
    private static let alphabet: [UInt8] = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    static func checkEncode(_ payload: [UInt8]) -> String {
        encode(payload + SHA256.hash(SHA256.hash(payload)).prefix(4))
    }

    static func encode(_ bytes: [UInt8]) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        // Repeated division of the big-endian number by 58; digits come out least significant first.
        var digits: [UInt8] = []
        var num = Array(bytes.dropFirst(zeros))
        while !num.isEmpty {
            var rem = 0
            var next: [UInt8] = []
            next.reserveCapacity(num.count)
            for b in num {
                let acc = rem * 256 + Int(b)
                let q = acc / 58
                rem = acc % 58
                if !next.isEmpty || q != 0 { next.append(UInt8(q)) }
            }
            digits.append(alphabet[rem])
            num = next
        }
        return String(decoding: [UInt8](repeating: alphabet[0], count: zeros) + digits.reversed(), as: UTF8.self)
    }
}
