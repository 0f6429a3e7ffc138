/// NIP-49 private key encryption (`ncryptsec`). https://github.com/nostr-protocol/nips/blob/master/49.md
///
/// Layout (91 bytes before bech32): version 0x02 ‖ log_n ‖ salt[16] ‖ nonce[24] ‖ key_security ‖ XChaCha20-Poly1305(key)[48].
public enum NIP49 {
    /// How the key was handled before it was encrypted; authenticated as the AEAD's associated data.
    public enum KeySecurity: UInt8, Sendable {
        /// Known to have been handled insecurely (stored or pasted unencrypted).
        case insecure = 0x00
        /// Not known to have been handled insecurely.
        case secure = 0x01
        /// The client does not track this.
        case unknown = 0x02
    }

    private static let hrp = "ncryptsec"
    private static let version: UInt8 = 0x02
    /// Default cap on log_n when decrypting: 22 means 4 GiB for scrypt, the largest value 49.md lists.
    public static let defaultMaxLogN: UInt8 = 22

    /// Encrypts `key` under `password` (NFKC-normalised by `normalizer`) into an `ncryptsec1…` string;
    /// log_n 16 needs 64 MiB and ~0.1 s.
    public static func encrypt(_ key: SecretKey, password: String, logN: UInt8 = 16, keySecurity: KeySecurity = .unknown,
                               normalizer: UnicodeNormalizer) throws(NIP49Error) -> String {
        guard (1...63).contains(logN) else { throw .invalidLogN(logN) }
        let salt = SecureRandom.bytes(16), nonce = SecureRandom.bytes(24)
        var symmetric = try deriveKey(password, normalizer: normalizer, salt: salt, logN: logN)
        defer { ConstantTime.wipe(&symmetric) }
        var plaintext = key.bytes
        defer { ConstantTime.wipe(&plaintext) }
        guard let sealed = seal(plaintext, ad: [keySecurity.rawValue], nonce: nonce, key: symmetric) else {
            throw .encryptionFailed
        }
        let payload = [version, logN] + salt + nonce + [keySecurity.rawValue] + sealed
        return Bech32.encode(hrp: hrp, data: payload)
    }

    /// Decrypts an `ncryptsec1…` string (the password NFKC-normalised by `normalizer`); refuses log_n
    /// above `maxLogN` before running scrypt.
    public static func decrypt(_ ncryptsec: String, password: String, maxLogN: UInt8 = defaultMaxLogN,
                               normalizer: UnicodeNormalizer) throws(NIP49Error) -> SecretKey {
        let parts = try parse(ncryptsec)
        guard parts.logN <= maxLogN else { throw .logNTooLarge(logN: parts.logN, limit: maxLogN) }
        var symmetric = try deriveKey(password, normalizer: normalizer, salt: parts.salt, logN: parts.logN)
        defer { ConstantTime.wipe(&symmetric) }
        guard var plaintext = open(parts.ciphertext, ad: [parts.keySecurity.rawValue], nonce: parts.nonce, key: symmetric) else {
            throw .wrongPasswordOrCorrupted
        }
        defer { ConstantTime.wipe(&plaintext) }
        do { return try SecretKey(bytes: plaintext) } catch { throw .invalidKey(error) }
    }

    /// The cost and key-security byte of an `ncryptsec`, read without the password (and without running scrypt).
    public static func inspect(_ ncryptsec: String) throws(NIP49Error) -> (logN: UInt8, keySecurity: KeySecurity) {
        let parts = try parse(ncryptsec)
        return (parts.logN, parts.keySecurity)
    }

    /// The password as 49.md wants it: NFKC-normalised UTF-8.
    static func normalizedPassword(_ password: String, normalizer: UnicodeNormalizer) throws(NIP49Error) -> [UInt8] {
        guard let nfkc = normalizer.nfkc(password) else { throw .passwordNeedsNormalizer }
        return Array(nfkc.utf8)
    }

    private static func deriveKey(_ password: String, normalizer: UnicodeNormalizer, salt: [UInt8],
                                  logN: UInt8) throws(NIP49Error) -> [UInt8] {
        guard (1...63).contains(logN) else { throw .invalidLogN(logN) }
        var pw = try normalizedPassword(password, normalizer: normalizer)
        defer { ConstantTime.wipe(&pw) }
        guard let key = scrypt(pw, salt: salt, logN: logN) else { throw .scryptFailed }
        return key
    }

    private struct Parts {
        let logN: UInt8, salt: [UInt8], nonce: [UInt8], keySecurity: KeySecurity, ciphertext: [UInt8]
    }

    private static func parse(_ ncryptsec: String) throws(NIP49Error) -> Parts {
        let prefix: String, data: [UInt8]
        do { (prefix, data) = try Bech32.decode(ncryptsec) } catch { throw .invalidBech32(error) }
        guard prefix == hrp else { throw .wrongPrefix(prefix) }
        guard data.count == 91 else { throw .invalidLength(data.count) }
        guard data[0] == version else { throw .unknownVersion(data[0]) }
        guard let security = KeySecurity(rawValue: data[42]) else { throw .unknownKeySecurity(data[42]) }
        return Parts(logN: data[1], salt: Array(data[2..<18]), nonce: Array(data[18..<42]),
                     keySecurity: security, ciphertext: Array(data[43..<91]))
    }
}
