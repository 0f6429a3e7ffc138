/// Why an `ncryptsec` could not be made or opened.
public enum NIP49Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not valid bech32 (bad character, mixed case or checksum).
    case invalidBech32(Bech32Error)
    /// The bech32 prefix is not `ncryptsec`.
    case wrongPrefix(String)
    /// The decoded payload is not 91 bytes.
    case invalidLength(Int)
    /// A version byte other than 0x02.
    case unknownVersion(UInt8)
    /// A key-security byte other than 0, 1 or 2.
    case unknownKeySecurity(UInt8)
    /// log₂(N) of 0 or over 63: scrypt cannot use it.
    case invalidLogN(UInt8)
    /// log₂(N) above the caller's limit: scrypt would need 2^logN KiB of memory.
    case logNTooLarge(logN: UInt8, limit: UInt8)
    /// libsodium's scrypt failed (usually out of memory).
    case scryptFailed
    /// The tag does not verify: wrong password or a damaged `ncryptsec`.
    case wrongPasswordOrCorrupted
    /// The decrypted bytes are not a valid secret key.
    case invalidKey(KeyError)
    /// libsodium's XChaCha20-Poly1305 failed to encrypt.
    case encryptionFailed
    /// The password is not ASCII and the `UnicodeNormalizer` given cannot NFKC-normalise it.
    case passwordNeedsNormalizer

    public var description: String {
        switch self {
        case let .invalidBech32(e): "not a valid ncryptsec string: \(e)"
        case let .wrongPrefix(p): "expected an ncryptsec1… string, got prefix \"\(p)\""
        case let .invalidLength(n): "ncryptsec payload must be 91 bytes, got \(n)"
        case let .unknownVersion(v): "unknown ncryptsec version \(v); only version 2 is supported"
        case let .unknownKeySecurity(b): "unknown ncryptsec key-security byte \(b) (expected 0, 1 or 2)"
        case let .invalidLogN(n): "scrypt log_n \(n) is out of range (1–63)"
        case let .logNTooLarge(n, limit): "scrypt log_n \(n) needs \(1 << (Int(n) - 10)) MiB of memory; the limit is log_n \(limit)"
        case .scryptFailed: "scrypt failed (not enough memory?)"
        case .wrongPasswordOrCorrupted: "wrong password, or the ncryptsec is damaged"
        case let .invalidKey(e): "decrypted key is not a valid secret key: \(e)"
        case .encryptionFailed: "XChaCha20-Poly1305 encryption failed in libsodium"
        case .passwordNeedsNormalizer:
            "the password has non-ASCII characters, which NIP-49 NFKC-normalises: pass a full UnicodeNormalizer (Signer's .foundation)"
        }
    }
}
