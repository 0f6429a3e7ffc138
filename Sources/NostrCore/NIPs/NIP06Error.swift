/// Why a mnemonic or derivation failed. Never carries mnemonic words or key material.
public enum NIP06Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// BIP-39 allows 12, 15, 18, 21 or 24 words.
    case invalidWordCount(Int)
    /// The word at this 1-based position is not in the BIP-39 English list.
    case unknownWord(position: Int)
    /// The words are all valid but their checksum bits do not match (a word swapped or mistyped).
    case invalidChecksum
    /// BIP-39 entropy must be 16, 20, 24, 28 or 32 bytes.
    case invalidEntropyLength(Int)
    /// Accounts are hardened indices, so at most 2^31 − 1.
    case invalidAccount(UInt32)
    /// A BIP-32 derivation path could not be parsed.
    case invalidPath(String)
    /// A BIP-32 step produced an invalid key (probability below 2^-127; try another index).
    case derivationFailed
    /// The mnemonic or passphrase is not ASCII and the `UnicodeNormalizer` given cannot NFKD-normalise it.
    case needsNormalizer

    public var description: String {
        switch self {
        case let .invalidWordCount(n): "a mnemonic has 12, 15, 18, 21 or 24 words, not \(n)"
        case let .unknownWord(position): "word \(position) of the mnemonic is not in the BIP-39 English word list"
        case .invalidChecksum: "mnemonic checksum does not match: a word is wrong or out of order"
        case let .invalidEntropyLength(n): "BIP-39 entropy must be 16, 20, 24, 28 or 32 bytes, not \(n)"
        case let .invalidAccount(a): "account \(a) is too large (at most 2147483647)"
        case let .invalidPath(p): "invalid BIP-32 derivation path '\(p)' (expected like m/44'/1237'/0'/0/0)"
        case .derivationFailed: "BIP-32 derivation produced an invalid key; use another index"
        case .needsNormalizer:
            "the mnemonic or passphrase has non-ASCII characters, which BIP-39 NFKD-normalises: pass a full UnicodeNormalizer (Signer's .foundation)"
        }
    }
}
