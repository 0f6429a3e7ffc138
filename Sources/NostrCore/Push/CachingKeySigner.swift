import Synchronization

/// A local key that remembers NIP-44 conversation keys per peer, so a stream of pushes from the same
/// push server or DM sender pays for ECDH once. One-time gift-wrap keys also pass through; the cache
/// is simply emptied when it fills, which costs one ECDH per remembered peer afterwards.
final class CachingKeySigner: Signer {
    private let key: SecretKey
    private let local: LocalSigner
    private let conversationKeys = Mutex<[PublicKey: NIP44.ConversationKey]>([:])
    private static let capacity = 4096

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

    /// Decrypts without the async hop, for the enricher's own FCM layer.
    func decrypt(_ payload: String, from peer: PublicKey) throws(NIP44Error) -> String {
        let ck = try conversationKey(peer)
        var bytes = try NIP44.decrypt(payload, conversationKey: ck)
        defer { ConstantTime.wipe(&bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    private func conversationKey(_ peer: PublicKey) throws(NIP44Error) -> NIP44.ConversationKey {
        if let ck = conversationKeys.withLock({ $0[peer] }) { return ck }
        let ck = try NIP44.ConversationKey(secret: key, publicKey: peer)
        conversationKeys.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
            cache[peer] = ck
        }
        return ck
    }
}
