import COpenSSL

/// BIP-39 mnemonic sentences with the English word list, as NIP-06 uses them.
/// https://github.com/bitcoin/bips/blob/master/bip-0039.mediawiki
public enum BIP39 {
    private static let wordIndex: [String: Int] = {
        var d = [String: Int](minimumCapacity: englishWords.count)
        for (i, w) in englishWords.enumerated() { d[w] = i }
        return d
    }()

    /// The mnemonic for 16, 20, 24, 28 or 32 bytes of entropy (12 to 24 words).
    public static func mnemonic(entropy: [UInt8]) throws(NIP06Error) -> String {
        guard [16, 20, 24, 28, 32].contains(entropy.count) else { throw .invalidEntropyLength(entropy.count) }
        // BIP-39 "Generating the mnemonic": entropy followed by the first ENT/32 bits of its SHA-256.
        let checksumBits = entropy.count / 4
        var bits = entropy
        bits.append(SHA256.hash(entropy)[0])
        let wordCount = (entropy.count * 8 + checksumBits) / 11
        var words: [String] = []
        words.reserveCapacity(wordCount)
        for w in 0..<wordCount {
            var v = 0
            for b in 0..<11 {
                let bit = w * 11 + b
                v = v << 1 | Int((bits[bit / 8] >> (7 - UInt8(bit % 8))) & 1)
            }
            words.append(englishWords[v])
        }
        return words.joined(separator: " ")
    }

    /// The entropy a mnemonic encodes (NFKD-normalised by `normalizer`), after checking every word and the checksum.
    public static func entropy(mnemonic: String, normalizer: UnicodeNormalizer) throws(NIP06Error) -> [UInt8] {
        let words = try normalizedWords(mnemonic, normalizer: normalizer)
        guard [12, 15, 18, 21, 24].contains(words.count) else { throw .invalidWordCount(words.count) }
        var indices: [Int] = []
        indices.reserveCapacity(words.count)
        for (i, w) in words.enumerated() {
            guard let v = wordIndex[w] else { throw .unknownWord(position: i + 1) }
            indices.append(v)
        }
        let totalBits = words.count * 11
        let checksumBits = totalBits / 33
        let entropyBytes = (totalBits - checksumBits) / 8
        var bytes = [UInt8](repeating: 0, count: entropyBytes + 1)
        for (w, v) in indices.enumerated() {
            for b in 0..<11 where (v >> (10 - b)) & 1 == 1 {
                let bit = w * 11 + b
                bytes[bit / 8] |= 0x80 >> UInt8(bit % 8)
            }
        }
        let entropy = Array(bytes.prefix(entropyBytes))
        let mask = UInt8(0xff) << UInt8(8 - checksumBits)
        guard SHA256.hash(entropy)[0] & mask == bytes[entropyBytes] & mask else { throw .invalidChecksum }
        return entropy
    }

    /// The 64-byte seed: PBKDF2-HMAC-SHA512, 2048 rounds, over the NFKD mnemonic with salt
    /// "mnemonic" + NFKD passphrase (BIP-39 "From mnemonic to seed"). Words are lower-cased and
    /// single-spaced first, so stray spaces or capitals do not change the key. `normalizer` does the NFKD.
    public static func seed(mnemonic: String, passphrase: String = "", normalizer: UnicodeNormalizer) throws(NIP06Error) -> [UInt8] {
        let sentence = Array(try normalizedWords(mnemonic, normalizer: normalizer).joined(separator: " ").utf8)
        guard let nfkdPassphrase = normalizer.nfkd(passphrase) else { throw .needsNormalizer }
        let salt = Array(("mnemonic" + nfkdPassphrase).utf8)
        var out = [UInt8](repeating: 0, count: 64)
        let ok = sentence.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { pass in
                PKCS5_PBKDF2_HMAC(pass.baseAddress, Int32(pass.count), salt, Int32(salt.count), 2048,
                                  EVP_sha512(), 64, &out)
            }
        }
        precondition(ok == 1, "OpenSSL PBKDF2-HMAC-SHA512 failed")
        return out
    }

    /// NFKD, lower-cased, split on any whitespace.
    static func normalizedWords(_ mnemonic: String, normalizer: UnicodeNormalizer) throws(NIP06Error) -> [String] {
        guard let nfkd = normalizer.nfkd(mnemonic) else { throw .needsNormalizer }
        return nfkd.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
