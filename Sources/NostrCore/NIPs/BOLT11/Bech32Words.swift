/// Bech32 (BIP-173) over raw 5-bit words, without the 90-character limit, for BOLT-11 and LNURL.
/// BOLT-11 needs the words themselves (its fields are measured in 5-bit units), which the shared
/// 8-bit Bech32 codec does not expose.
enum Bech32Words {
    enum Failure: Error, Equatable {
        case mixedCase, noSeparator, emptyHRP, invalidCharacter(Character), tooShort, badChecksum
    }

    private static let alphabet: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    /// The lower-cased human-readable part and the data words (checksum removed).
    static func decode(_ text: String) throws(Failure) -> (hrp: String, words: [UInt8]) {
        let bytes = Array(text.utf8)
        let hasLower = bytes.contains { (0x61...0x7a).contains($0) }
        let hasUpper = bytes.contains { (0x41...0x5a).contains($0) }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lower = bytes.map { (0x41...0x5a).contains($0) ? $0 + 32 : $0 }
        guard let sep = lower.lastIndex(of: 0x31) else { throw .noSeparator }
        guard sep > 0 else { throw .emptyHRP }
        let hrp = Array(lower[..<sep])
        for c in hrp where c < 33 || c > 126 { throw .invalidCharacter(Character(UnicodeScalar(c))) }
        guard lower.count - sep - 1 >= 6 else { throw .tooShort }
        var words = [UInt8]()
        words.reserveCapacity(lower.count - sep - 1)
        for c in lower[(sep + 1)...] {
            guard c < 128, reverse[Int(c)] >= 0 else { throw .invalidCharacter(Character(UnicodeScalar(c))) }
            words.append(UInt8(reverse[Int(c)]))
        }
        guard polymod(expand(hrp) + words) == 1 else { throw .badChecksum }
        return (String(decoding: hrp, as: UTF8.self), Array(words.dropLast(6)))
    }

    /// Lower-case Bech32 of `hrp` and 5-bit `words`.
    static func encode(hrp: String, words: [UInt8]) -> String {
        let h = Array(hrp.lowercased().utf8)
        let mod = polymod(expand(h) + words + [0, 0, 0, 0, 0, 0]) ^ 1
        var out = h + [0x31]
        for w in words { out.append(alphabet[Int(w & 31)]) }
        for i in 0..<6 { out.append(alphabet[Int((mod >> (5 * (5 - UInt32(i)))) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Regroups bits; `pad` adds zero bits to finish the last group, otherwise leftover bits are dropped.
    static func convert(_ data: some Collection<UInt8>, from: Int, to: Int, pad: Bool) -> [UInt8] {
        var acc = 0, bits = 0
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        let maxv = (1 << to) - 1
        for v in data {
            acc = (acc << from) | Int(v)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((acc >> bits) & maxv))
            }
            acc &= (1 << bits) - 1
        }
        if pad, bits > 0 { out.append(UInt8((acc << (to - bits)) & maxv)) }
        return out
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let gen: [UInt32] = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
        var chk: UInt32 = 1
        for v in values {
            let top = chk >> 25
            chk = (chk & 0x1ffffff) << 5 ^ UInt32(v)
            for i in 0..<5 where (top >> i) & 1 == 1 { chk ^= gen[i] }
        }
        return chk
    }
}
