/// NIP-04 encrypted direct messages (legacy; new code should use NIP-17 with NIP-44).
/// https://github.com/nostr-protocol/nips/blob/master/04.md
///
/// Content: `base64(AES-256-CBC(text)) + "?iv=" + base64(iv)`, keyed with the unhashed ECDH x coordinate.
public enum NIP04 {
    private static let separator = "?iv="

    /// Encrypts `text` from `secret` to `publicKey` with a random IV: `"<base64>?iv=<base64>"`.
    public static func encrypt(_ text: String, from secret: SecretKey, to publicKey: PublicKey) throws(NIP04Error) -> String {
        var key = try sharedKey(secret, publicKey)
        defer { ConstantTime.wipe(&key) }
        var plaintext = Array(text.utf8)
        defer { ConstantTime.wipe(&plaintext) }
        guard plaintext.count <= Int(Int32.max) - 32 else { throw .plaintextTooLong(plaintext.count) }
        let iv = SecureRandom.bytes(16)
        switch aes256CBC(encrypt: true, plaintext, key: key, iv: iv) {
        case let .output(ciphertext): return Base64.encode(ciphertext) + separator + Base64.encode(iv)
        case let .failed(code): throw .openSSL(code)
        case .badPadding: throw .openSSL(0)
        }
    }

    /// Decrypts content `publicKey` sent to `secret` (or `secret` sent to `publicKey`: the key is symmetric).
    public static func decrypt(_ payload: String, to secret: SecretKey, from publicKey: PublicKey) throws(NIP04Error) -> String {
        guard let sep = payload.firstRange(of: separator) else { throw .missingIV }
        guard let ciphertext = Base64.decode(payload[..<sep.lowerBound]),
              let iv = Base64.decode(payload[sep.upperBound...]) else { throw .invalidBase64 }
        guard iv.count == 16 else { throw .invalidIVLength(iv.count) }
        guard !ciphertext.isEmpty, ciphertext.count % 16 == 0, ciphertext.count <= Int(Int32.max) - 32 else {
            throw .invalidCiphertextLength(ciphertext.count)
        }
        var key = try sharedKey(secret, publicKey)
        defer { ConstantTime.wipe(&key) }
        switch aes256CBC(encrypt: false, ciphertext, key: key, iv: iv) {
        case var .output(plaintext):
            defer { ConstantTime.wipe(&plaintext) }
            guard let text = String(validating: plaintext, as: UTF8.self) else { throw .invalidUTF8 }
            return text
        case .badPadding: throw .decryptionFailed
        case let .failed(code): throw .openSSL(code)
        }
    }

    /// Whether `s` looks like NIP-04 content rather than NIP-44 (it contains `?iv=`).
    public static func isNIP04Payload(_ s: String) -> Bool { s.contains(separator) }

    /// NIP-04's AES key: the ECDH x coordinate, not hashed (04.md, note on libsecp256k1).
    private static func sharedKey(_ secret: SecretKey, _ publicKey: PublicKey) throws(NIP04Error) -> [UInt8] {
        do { return try ECDH.sharedX(secret, publicKey) } catch { throw .invalidKey(error) }
    }
}
