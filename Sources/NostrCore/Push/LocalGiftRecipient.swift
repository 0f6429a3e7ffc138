/// Opens gift wraps for a local account key (`NIP59.unwrap(_:recipient:)`) with the fewest secp256k1
/// operations: the wrap's one-time key is parsed once for both its signature check and its ECDH and is not
/// remembered; the seal's signer comes from the account's peer cache, and a new signer is remembered only
/// after its seal's signature checked out. Every layer is still verified.
struct LocalGiftRecipient: GiftWrapRecipient {
    let account: CachingKeySigner
    private var wrapKey: ParsedPublicKey?
    private var sealKey: ParsedPublicKey?
    private var sender: PeerKeys?

    init(account: CachingKeySigner) {
        self.account = account
    }

    mutating func verifyWrap(_ wrap: Event) throws(EventError) {
        guard let parsed = try? ParsedPublicKey(forAgreement: wrap.pubkey) else { throw .invalidSignature }
        try wrap.verify(using: parsed)
        wrapKey = parsed
    }

    mutating func decryptWrap(_ wrap: Event) async throws(SignerError) -> [UInt8] {
        guard let wrapKey, wrapKey.key == wrap.pubkey else { throw .decryption("the wrap was not verified first") }
        do {
            return try NIP44.decrypt(wrap.content, conversationKey: try account.oneTimeConversationKey(wrapKey))
        } catch {
            throw .decryption("NIP-44: \(error)")
        }
    }

    mutating func verifySeal(_ seal: Event) throws(EventError) {
        if let known = account.cached(seal.pubkey) {
            try seal.verify(using: known.parsed)
            sender = known
            return
        }
        guard let parsed = try? ParsedPublicKey(forAgreement: seal.pubkey) else { throw .invalidSignature }
        try seal.verify(using: parsed)
        sealKey = parsed
    }

    mutating func decryptSeal(_ seal: Event) async throws(SignerError) -> [UInt8] {
        let keys: PeerKeys
        if let sender, sender.parsed.key == seal.pubkey {
            keys = sender
        } else if let sealKey, sealKey.key == seal.pubkey {
            do { keys = try account.remember(sealKey) } catch { throw .decryption("NIP-44: \(error)") }
        } else {
            throw .decryption("the seal was not verified first")
        }
        do { return try NIP44.decrypt(seal.content, conversationKey: keys.conversationKey) } catch {
            throw .decryption("NIP-44: \(error)")
        }
    }
}
