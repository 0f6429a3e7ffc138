import Synchronization

/// A local account key that remembers, per long-lived peer (the push server, DM senders), the parsed key
/// and the NIP-44 conversation key: a stream of pushes pays one square root and one ECDH per peer, not per
/// payload. Gift wraps' one-time keys go through `LocalGiftRecipient` and are never remembered, so they
/// cannot crowd the real peers out of the bounded cache.
final class CachingKeySigner: Signer {
    private let key: SecretKey
    private let local: LocalSigner
    private let peers = Mutex(PeerKeyCache(capacity: CachingKeySigner.capacity))
    /// Peers remembered per account: a push server and a few hundred DM correspondents fit.
    static let capacity = 1024

    init(_ key: SecretKey) {
        self.key = key
        self.local = LocalSigner(key)
    }

    var publicKeyValue: PublicKey { key.publicKey }

    func publicKey() async throws(SignerError) -> PublicKey { key.publicKey }
    func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event { try await local.sign(event) }
    func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String { try await local.nip04Encrypt(text, to: to) }
    func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        try await local.nip04Decrypt(payload, from: from)
    }
    func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String { try await local.nip44Encrypt(text, to: to) }

    func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        do { return try decrypt(payload, from: from) } catch { throw .decryption("NIP-44: \(error)") }
    }

    /// Decrypts without the async hop, for the enricher's own FCM layer and mute lists.
    func decrypt(_ payload: String, from peer: PublicKey) throws(NIP44Error) -> String {
        var bytes = try decryptBytes(payload, from: peer)
        defer { ConstantTime.wipe(&bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    /// The plaintext bytes from a long-lived peer (not checked to be UTF-8: a JSON parser does that).
    func decryptBytes(_ payload: String, from peer: PublicKey) throws(NIP44Error) -> [UInt8] {
        try NIP44.decrypt(payload, conversationKey: try keys(for: peer).conversationKey)
    }

    /// The peer's keys from the cache, or computed (one square root, one ECDH) and remembered.
    func keys(for peer: PublicKey) throws(NIP44Error) -> PeerKeys {
        if let hit = cached(peer) { return hit }
        let parsed: ParsedPublicKey
        do { parsed = try ParsedPublicKey(forAgreement: peer) } catch { throw .invalidKey(error) }
        return try remember(parsed)
    }

    /// How many peers are remembered.
    var rememberedPeers: Int { peers.withLock { $0.count } }

    /// The peer's keys if remembered.
    func cached(_ peer: PublicKey) -> PeerKeys? { peers.withLock { $0.get(peer) } }

    /// Computes the conversation key with an already parsed (and, for a seal, verified) peer and remembers both.
    func remember(_ parsed: ParsedPublicKey) throws(NIP44Error) -> PeerKeys {
        let keys = PeerKeys(parsed: parsed, conversationKey: try NIP44.ConversationKey(secret: key, publicKey: parsed))
        peers.withLock { $0.insert(parsed.key, keys) }
        return keys
    }

    /// The conversation key with a one-time key (a gift wrap's), not remembered.
    func oneTimeConversationKey(_ parsed: ParsedPublicKey) throws(NIP44Error) -> NIP44.ConversationKey {
        try NIP44.ConversationKey(secret: key, publicKey: parsed)
    }
}
