/// Why a NIP-44 payload could not be made or opened.
public enum NIP44Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The payload starts with `#` or a version byte other than 2 (nil when the payload is empty or `#`-flagged).
    case unknownVersion(UInt8?)
    /// The base64 payload has a length outside what NIP-44 v2 allows.
    case invalidPayloadLength(Int)
    /// The payload is larger than the caller's limit.
    case payloadTooLarge(length: Int, limit: Int)
    /// The payload is not strict padded base64.
    case invalidBase64
    /// The decoded payload is shorter than version + nonce + minimal ciphertext + MAC (99 bytes).
    case invalidDataLength(Int)
    /// The MAC does not match: wrong keys or a tampered payload.
    case invalidMAC
    /// The decrypted length prefix or zero padding is not what NIP-44 produces.
    case invalidPadding
    /// The plaintext is empty; NIP-44 needs at least 1 byte.
    case plaintextEmpty
    /// The plaintext is longer than the limit (65,535 bytes, or 2^32−1 with the extended prefix).
    case plaintextTooLong(length: Int, limit: Int)
    /// The decrypted plaintext is not UTF-8.
    case invalidUTF8
    /// A conversation key that is not 32 bytes.
    case invalidConversationKeyLength(Int)
    /// A nonce that is not 32 bytes.
    case invalidNonceLength(Int)
    /// The secret or public key cannot be used for ECDH.
    case invalidKey(KeyError)
    /// libsodium's ChaCha20 failed.
    case cipherFailed

    public var description: String {
        switch self {
        case .unknownVersion(nil): "unknown NIP-44 encryption version (payload empty or '#'-flagged)"
        case let .unknownVersion(v?): "unknown NIP-44 encryption version \(v); only version 2 is supported"
        case let .invalidPayloadLength(n): "invalid NIP-44 payload length \(n): a v2 payload is at least 132 base64 characters"
        case let .payloadTooLarge(n, limit): "NIP-44 payload of \(n) characters is over the limit of \(limit)"
        case .invalidBase64: "NIP-44 payload is not valid padded base64"
        case let .invalidDataLength(n): "decoded NIP-44 payload is \(n) bytes; at least 99 are needed"
        case .invalidMAC: "invalid MAC: the payload was tampered with or is not for this key pair"
        case .invalidPadding: "invalid padding in the decrypted NIP-44 payload"
        case .plaintextEmpty: "NIP-44 cannot encrypt an empty message (minimum 1 byte)"
        case let .plaintextTooLong(n, limit) where limit == NIP44.maxStandardLength:
            "message of \(n) bytes is over the NIP-44 limit of \(limit); allow the extended length prefix to send it"
        case let .plaintextTooLong(n, limit): "message of \(n) bytes is over the NIP-44 limit of \(limit)"
        case .invalidUTF8: "decrypted NIP-44 plaintext is not valid UTF-8"
        case let .invalidConversationKeyLength(n): "NIP-44 conversation key must be 32 bytes, got \(n)"
        case let .invalidNonceLength(n): "NIP-44 nonce must be 32 bytes, got \(n)"
        case let .invalidKey(e): "cannot derive a NIP-44 conversation key: \(e)"
        case .cipherFailed: "ChaCha20 failed in libsodium"
        }
    }
}
