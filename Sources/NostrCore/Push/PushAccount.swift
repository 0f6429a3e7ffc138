/// One account the enricher notifies for: its public key and what decrypts for it.
struct PushAccount: Sendable {
    let pubkey: PublicKey
    let signer: any Signer
    /// Set for local keys: the synchronous, conversation-key-caching path.
    let local: CachingKeySigner?

    init(key: SecretKey) {
        let s = CachingKeySigner(key)
        pubkey = key.publicKey
        signer = s
        local = s
    }

    init(signer: any Signer, pubkey: PublicKey) {
        self.pubkey = pubkey
        self.signer = signer
        local = nil
    }

    /// NIP-44 decrypts `payload` from `peer`: locally without an async hop when possible.
    func nip44Decrypt(_ payload: String, from peer: PublicKey) async -> String? {
        if let local { return try? local.decrypt(payload, from: peer) }
        return try? await signer.nip44Decrypt(payload, from: peer)
    }

    /// `nip44Decrypt` as bytes, for a JSON parser (which checks the UTF-8 itself).
    func nip44DecryptBytes(_ payload: String, from peer: PublicKey) async -> [UInt8]? {
        if let local { return try? local.decryptBytes(payload, from: peer) }
        return (try? await signer.nip44Decrypt(payload, from: peer)).map { Array($0.utf8) }
    }
}
