/// Bech32 (BIP-173, not bech32m), as NIP-19, NIP-49, LNURL and BOLT-11 use it.
/// https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki
///
/// BIP-173 caps strings at 90 characters; Nostr TLV entities, ncryptsec and LNURL routinely exceed
/// that, so the cap is opt-in (`limit:`) and absent by default.
public enum Bech32 {
    static let charset: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    /// Maps an ASCII byte (either case) to its 5-bit value; 0xff for bytes outside the charset.
    static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 128)
        for (i, c) in charset.enumerated() {
            table[Int(c)] = UInt8(i)
            // Upper-case letters map too; mixed case is rejected separately.
            if c >= 0x61 && c <= 0x7a { table[Int(c - 0x20)] = UInt8(i) }
        }
        return table
    }()

    /// Encodes 8-bit `data` under `hrp` (lower-case output).
    ///
    /// `limit` is accepted for symmetry with `decode`; encoding never fails, so check the length
    /// yourself if the receiver enforces one.
    public static func encode(hrp: String, data: [UInt8], limit: Int? = nil) -> String {
        encode(hrp: hrp, words: convertBits(data, from: 8, to: 5, pad: true) ?? [])
    }

    /// Decodes a string into its human-readable part and 8-bit data.
    public static func decode(_ s: String, limit: Int? = nil) throws(Bech32Error) -> (hrp: String, data: [UInt8]) {
        let (hrp, words) = try decodeWords(s, limit: limit)
        guard let data = convertBits(words, from: 5, to: 8, pad: false) else { throw .invalidPadding }
        return (hrp, data)
    }

    /// Encodes 5-bit `words` under `hrp` (for formats such as BOLT-11 that are not byte-aligned).
    public static func encode(hrp: String, words: [UInt8]) -> String {
        let h = Array(hrp.lowercased().utf8)
        var out = h
        out.reserveCapacity(h.count + 1 + words.count + 6)
        out.append(0x31)  // "1"
        for w in words { out.append(charset[Int(w & 31)]) }
        for w in checksum(hrp: h, words: words) { out.append(charset[Int(w)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a string into its human-readable part (lower-cased) and 5-bit words, checksum removed.
    public static func decodeWords(_ s: String, limit: Int? = nil) throws(Bech32Error) -> (hrp: String, words: [UInt8]) {
        let bytes = Array(s.utf8)
        if let limit, bytes.count > limit { throw .tooLong(length: bytes.count, limit: limit) }
        var hasLower = false, hasUpper = false
        for (i, b) in bytes.enumerated() {
            // BIP-173: every character is US-ASCII in 33...126.
            guard b >= 33 && b <= 126 else { throw .invalidCharacter(position: i) }
            if b >= 0x61 && b <= 0x7a { hasLower = true }
            if b >= 0x41 && b <= 0x5a { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        guard let sep = bytes.lastIndex(of: 0x31) else { throw .missingSeparator }
        guard sep > 0 else { throw .emptyHumanReadablePart }
        // BIP-173: the data part holds at least the 6 checksum characters.
        guard bytes.count - sep - 1 >= 6 else { throw .tooShort }
        let hrp = bytes[..<sep].map { $0 >= 0x41 && $0 <= 0x5a ? $0 + 0x20 : $0 }
        var words = [UInt8]()
        words.reserveCapacity(bytes.count - sep - 1)
        for i in (sep + 1)..<bytes.count {
            let v = reverse[Int(bytes[i])]
            guard v != 0xff else { throw .invalidCharacter(position: i) }
            words.append(v)
        }
        guard polymod(expand(hrp) + words) == 1 else { throw .badChecksum }
        return (String(decoding: hrp, as: UTF8.self), Array(words.dropLast(6)))
    }

    /// Regroups bits (8→5 with `pad`, 5→8 without); nil when the input does not fit (BIP-173 padding rules).
    public static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var acc = 0, bits = 0
        let maxv = (1 << to) - 1
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        for v in data {
            guard Int(v) >> from == 0 else { return nil }
            acc = (acc << from) | Int(v)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((acc >> bits) & maxv))
            }
            acc &= (1 << bits) - 1
        }
        if pad {
            if bits > 0 { out.append(UInt8((acc << (to - bits)) & maxv)) }
        } else if bits >= from || (acc << (to - bits)) & maxv != 0 {
            return nil
        }
        return out
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let gen: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var chk: UInt32 = 1
        for v in values {
            let top = chk >> 25
            chk = (chk & 0x1ff_ffff) << 5 ^ UInt32(v)
            for i in 0..<5 where (top >> i) & 1 == 1 { chk ^= gen[i] }
        }
        return chk
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    private static func checksum(hrp: [UInt8], words: [UInt8]) -> [UInt8] {
        let mod = polymod(expand(hrp) + words + [0, 0, 0, 0, 0, 0]) ^ 1
        return (0..<6).map { UInt8((mod >> (5 * (5 - $0))) & 31) }
    }
}
