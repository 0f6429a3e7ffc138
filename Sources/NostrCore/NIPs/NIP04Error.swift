/// Why a NIP-04 message could not be made or opened.
public enum NIP04Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The content has no `?iv=` part.
    case missingIV
    /// The ciphertext or IV is not strict padded base64.
    case invalidBase64
    /// The IV is not 16 bytes.
    case invalidIVLength(Int)
    /// The ciphertext is empty or not a whole number of 16-byte AES blocks.
    case invalidCiphertextLength(Int)
    /// The PKCS#7 padding is wrong after decryption: a different key pair or a damaged message.
    case decryptionFailed
    /// The decrypted text is not UTF-8.
    case invalidUTF8
    /// The plaintext is too long for one OpenSSL call.
    case plaintextTooLong(Int)
    /// The secret or public key cannot be used for ECDH.
    case invalidKey(KeyError)
    /// OpenSSL failed to set up AES-256-CBC; carries `ERR_get_error()`.
    case openSSL(UInt)

    public var description: String {
        switch self {
        case .missingIV: "not a NIP-04 payload: expected \"<base64>?iv=<base64>\""
        case .invalidBase64: "NIP-04 ciphertext or IV is not valid padded base64"
        case let .invalidIVLength(n): "NIP-04 IV must be 16 bytes, got \(n)"
        case let .invalidCiphertextLength(n): "NIP-04 ciphertext must be a non-empty multiple of 16 bytes, got \(n)"
        case .decryptionFailed: "NIP-04 decryption failed (bad padding): wrong key pair or damaged message"
        case .invalidUTF8: "decrypted NIP-04 text is not valid UTF-8"
        case let .plaintextTooLong(n): "NIP-04 message of \(n) bytes is too long"
        case let .invalidKey(e): "cannot derive the NIP-04 shared key: \(e)"
        case let .openSSL(code): "OpenSSL AES-256-CBC setup failed (error 0x\(String(code, radix: 16)))"
        }
    }
}
