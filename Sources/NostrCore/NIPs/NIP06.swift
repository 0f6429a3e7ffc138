/// NIP-06 keys from BIP-39 mnemonics, derived at m/44'/1237'/account'/0/0.
/// https://github.com/nostr-protocol/nips/blob/master/06.md
public enum NIP06 {
    /// Word counts BIP-39 allows.
    public static let validWordCounts = [12, 15, 18, 21, 24]

    /// A fresh English mnemonic from libsodium randomness; `wordCount` must be in `validWordCounts`.
    public static func generateMnemonic(wordCount: Int = 12) -> String {
        precondition(validWordCounts.contains(wordCount), "BIP-39 word count must be 12, 15, 18, 21 or 24")
        var entropy = SecureRandom.bytes(wordCount * 4 / 3)
        defer { ConstantTime.wipe(&entropy) }
        do { return try BIP39.mnemonic(entropy: entropy) } catch { preconditionFailure("\(error)") }
    }

    /// The Nostr secret key of `account` (NIP-06 path m/44'/1237'/account'/0/0); the mnemonic is
    /// validated first (words and checksum). `normalizer` does BIP-39's NFKD.
    public static func secretKey(mnemonic: String, passphrase: String = "", account: UInt32 = 0,
                                 normalizer: UnicodeNormalizer) throws(NIP06Error) -> SecretKey {
        try accountKey(mnemonic: mnemonic, passphrase: passphrase, account: account, normalizer: normalizer)
            .child(0).child(0).secretKey
    }

    /// The BIP-32 account node m/44'/1237'/account' (its xprv/xpub are what wallets export).
    public static func accountKey(mnemonic: String, passphrase: String = "", account: UInt32 = 0,
                                  normalizer: UnicodeNormalizer) throws(NIP06Error) -> BIP32Key {
        guard account < BIP32Key.hardenedOffset else { throw .invalidAccount(account) }
        try validate(mnemonic: mnemonic, normalizer: normalizer)
        var seed = try BIP39.seed(mnemonic: mnemonic, passphrase: passphrase, normalizer: normalizer)
        defer { ConstantTime.wipe(&seed) }
        let h = BIP32Key.hardenedOffset
        // 1237 is Nostr's SLIP-44 coin type (NIP-06).
        return try BIP32Key(seed: seed).child(44 + h).child(1237 + h).child(account + h)
    }

    /// Checks that every word is in the BIP-39 English list and the checksum matches.
    public static func validate(mnemonic: String, normalizer: UnicodeNormalizer) throws(NIP06Error) {
        var entropy = try BIP39.entropy(mnemonic: mnemonic, normalizer: normalizer)
        ConstantTime.wipe(&entropy)
    }
}
