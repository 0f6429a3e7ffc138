/// A minimal BIP-173 bech32 codec for `ncryptsec` only (160 characters, over BIP-173's 90-character cap).
/// https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki
/// Stop-gap until NIP49 moves to the shared `Bech32`.
enum NIP49Bech32 {
    private static let charset: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

    /// Maps a lower-case character to its 5-bit value, or 0xff.
    private static let reverse: [UInt8] = {
        var t = [UInt8](repeating: 0xff, count: 128)
        for (i, c) in charset.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        var chk: UInt32 = 1
        for v in values {
            let top = chk >> 25
            chk = (chk & 0x1ff_ffff) << 5 ^ UInt32(v)
            for i in 0..<5 where (top >> UInt32(i)) & 1 == 1 { chk ^= generator[i] }
        }
        return chk
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] { hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 } }

    /// Regroups bits; with `pad` false, leftover bits must be fewer than `from` and zero (BIP-173 decoding rule).
    private static func convert(_ data: some Collection<UInt8>, from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var acc = 0, bits = 0
        let maxValue = (1 << to) - 1
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        for v in data {
            acc = (acc << from | Int(v)) & ((1 << (from + to - 1)) - 1)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((acc >> bits) & maxValue))
            }
        }
        if pad {
            if bits > 0 { out.append(UInt8((acc << (to - bits)) & maxValue)) }
        } else if bits >= from || (acc << (to - bits)) & maxValue != 0 {
            return nil
        }
        return out
    }

    /// `hrp` + "1" + data + checksum, lower case.
    static func encode(hrp: String, data: [UInt8]) -> String {
        let h = Array(hrp.utf8)
        let values = convert(data, from: 8, to: 5, pad: true) ?? []
        let mod = polymod(expand(h) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        let checksum = (0..<6).map { UInt8((mod >> UInt32(5 * (5 - $0))) & 31) }
        return hrp + "1" + String(decoding: (values + checksum).map { charset[Int($0)] }, as: UTF8.self)
    }

    /// The human-readable part (lower case) and data bytes; nil on any BIP-173 violation.
    static func decode(_ text: String) -> (hrp: String, data: [UInt8])? {
        var chars = Array(text.utf8)
        guard chars.allSatisfy({ (33...126).contains($0) }) else { return nil }
        let hasLower = chars.contains { (0x61...0x7a).contains($0) }, hasUpper = chars.contains { (0x41...0x5a).contains($0) }
        guard !(hasLower && hasUpper) else { return nil }
        chars = chars.map { (0x41...0x5a).contains($0) ? $0 + 0x20 : $0 }
        guard let sep = chars.lastIndex(of: 0x31), sep >= 1, sep + 7 <= chars.count else { return nil }
        let hrp = Array(chars[..<sep])
        var values = [UInt8]()
        values.reserveCapacity(chars.count - sep - 1)
        for c in chars[(sep + 1)...] {
            let v = reverse[Int(c)]
            guard v != 0xff else { return nil }
            values.append(v)
        }
        guard polymod(expand(hrp) + values) == 1,
              let data = convert(values.dropLast(6), from: 5, to: 8, pad: false) else { return nil }
        return (String(decoding: hrp, as: UTF8.self), data)
    }
}
