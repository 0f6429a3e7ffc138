/// NIP-44 v2 encryption. https://github.com/nostr-protocol/nips/blob/master/44.md
///
/// Payload: base64(0x02 ‖ nonce[32] ‖ ChaCha20(prefix ‖ plaintext ‖ zeros) ‖ HMAC-SHA256(nonce ‖ ciphertext)[32]).
public enum NIP44 {
    /// Default cap on the base64 payload `decrypt` accepts (64 MiB), checked before decoding (44.md, "Implementation considerations").
    public static let defaultMaxPayloadLength = 64 << 20

    // MARK: - Keys

    /// The 76-byte HKDF-expand output: ChaCha key 0..<32, ChaCha nonce 32..<44, HMAC key 44..<76.
    static func messageKeyBlock(_ conversationKey: ConversationKey, nonce: [UInt8]) throws(NIP44Error) -> [UInt8] {
        guard conversationKey.bytes.count == 32 else { throw .invalidConversationKeyLength(conversationKey.bytes.count) }
        guard nonce.count == 32 else { throw .invalidNonceLength(nonce.count) }
        return expandMessageKeys(conversationKey.bytes, nonce: nonce)
    }

    /// The per-message keys for `nonce` (44.md `get_message_keys`).
    public static func messageKeys(conversationKey: ConversationKey, nonce: [UInt8]) throws(NIP44Error)
        -> (chachaKey: [UInt8], chachaNonce: [UInt8], hmacKey: [UInt8]) {
        var block = try messageKeyBlock(conversationKey, nonce: nonce)
        defer { ConstantTime.wipe(&block) }
        return (Array(block[0..<32]), Array(block[32..<44]), Array(block[44..<76]))
    }

    // MARK: - Encrypt

    /// Encrypts a UTF-8 message from `secret` to `publicKey` with a fresh random nonce.
    public static func encrypt(_ plaintext: String, from secret: SecretKey, to publicKey: PublicKey,
                               allowExtendedLength: Bool = false) throws(NIP44Error) -> String {
        let key = try ConversationKey(secret: secret, publicKey: publicKey)
        return try encrypt(Array(plaintext.utf8), conversationKey: key, allowExtendedLength: allowExtendedLength)
    }

    /// Encrypts bytes under a conversation key; `nonce` is random unless given (tests only: never reuse one).
    /// Plaintexts over 65,535 bytes need `allowExtendedLength`, as not every implementation reads the 6-byte prefix yet.
    public static func encrypt(_ plaintext: [UInt8], conversationKey: ConversationKey, nonce: [UInt8]? = nil,
                               allowExtendedLength: Bool = false) throws(NIP44Error) -> String {
        let n = plaintext.count
        guard n > 0 else { throw .plaintextEmpty }
        let limit = allowExtendedLength ? maxExtendedLength : maxStandardLength
        guard n <= limit else { throw .plaintextTooLong(length: n, limit: limit) }
        let nonce = nonce ?? SecureRandom.bytes(32)
        var keys = try messageKeyBlock(conversationKey, nonce: nonce)
        defer { ConstantTime.wipe(&keys) }

        let prefix = prefixLength(n)
        let cipherLength = prefix + paddedLength(n)
        let macStart = 33 + cipherLength
        var raw = [UInt8](repeating: 0, count: macStart + 32)
        raw[0] = 2
        raw.replaceSubrange(1..<33, with: nonce)
        let ok = raw.withUnsafeMutableBytes { buf in
            let cipher = UnsafeMutableRawBufferPointer(rebasing: buf[33..<macStart])
            writePrefix(n, into: cipher)
            plaintext.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: cipher[prefix..<prefix + n]).copyMemory(from: $0) }
            return keys.withUnsafeBytes { chacha20(cipher, keys: $0) }
        }
        guard ok else { throw .cipherFailed }
        // 44.md `hmac_aad`: the MAC covers nonce ‖ ciphertext, which sit side by side at 1..<macStart.
        let mac = HMACSHA256.authenticate(raw[1..<macStart], key: keys[44..<76])
        raw.replaceSubrange(macStart..<macStart + 32, with: mac)
        return Base64.encode(raw)
    }

    // MARK: - Decrypt

    /// Decrypts a payload `publicKey` sent to `secret`, as UTF-8 text.
    public static func decrypt(_ payload: String, to secret: SecretKey, from publicKey: PublicKey,
                               maxPayloadLength: Int = defaultMaxPayloadLength) throws(NIP44Error) -> String {
        let key = try ConversationKey(secret: secret, publicKey: publicKey)
        var bytes = try decrypt(payload, conversationKey: key, maxPayloadLength: maxPayloadLength)
        defer { ConstantTime.wipe(&bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    /// Decrypts a payload under a conversation key; accepts both the 2-byte and the extended 6-byte length prefix.
    public static func decrypt(_ payload: String, conversationKey: ConversationKey,
                               maxPayloadLength: Int = defaultMaxPayloadLength) throws(NIP44Error) -> [UInt8] {
        // 44.md `decode_payload`: cheap checks on the text before any base64 work.
        let length = payload.utf8.count
        guard length > 0, payload.utf8.first != UInt8(ascii: "#") else { throw .unknownVersion(nil) }
        guard length >= 132 else { throw .invalidPayloadLength(length) }
        guard length <= maxPayloadLength else { throw .payloadTooLarge(length: length, limit: maxPayloadLength) }
        guard var raw = Base64.decode(payload) else { throw .invalidBase64 }
        guard raw.count >= 99 else { throw .invalidDataLength(raw.count) }
        guard raw[0] == 2 else { throw .unknownVersion(raw[0]) }

        let macStart = raw.count - 32
        guard conversationKey.bytes.count == 32 else { throw .invalidConversationKeyLength(conversationKey.bytes.count) }
        // Nonce, MAC and ciphertext are read in place: a payload is decrypted without copying it.
        var keys = raw.withUnsafeBytes { expandMessageKeys(conversationKey.bytes, nonce: UnsafeRawBufferPointer(rebasing: $0[1..<33])) }
        defer { ConstantTime.wipe(&keys) }
        let authentic = raw.withUnsafeBytes { r in
            keys.withUnsafeBytes { k in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { expected -> Bool in
                    guard let e = expected.baseAddress, let received = r.baseAddress else { return false }
                    HMACSHA256.mac(key: UnsafeRawBufferPointer(rebasing: k[44..<76]), UnsafeRawBufferPointer(rebasing: r[1..<macStart]),
                                   into: e)
                    return ConstantTime.equals(UnsafeRawPointer(e), received + macStart, count: 32)
                }
            }
        }
        guard authentic else { throw .invalidMAC }

        let ok = raw.withUnsafeMutableBytes { buf in
            keys.withUnsafeBytes { chacha20(UnsafeMutableRawBufferPointer(rebasing: buf[33..<macStart]), keys: $0) }
        }
        defer { ConstantTime.wipe(&raw) }
        guard ok else { throw .cipherFailed }
        let range = try unpaddedRange(raw[33..<macStart])
        return Array(raw[range])
    }
}
