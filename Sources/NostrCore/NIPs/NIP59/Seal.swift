extension NIP59 {
    /// Seals `rumor` for `recipient`: a kind-13 event with no tags, signed by `signer` (who must be the
    /// rumor's author), whose content is the NIP-44 encryption of the rumor's JSON including its id.
    public static func seal(_ rumor: UnsignedEvent, to recipient: PublicKey,
                            signer: some Signer) async throws(SignerError) -> Event {
        let author = try await signer.publicKey()
        guard rumor.pubkey == author else {
            // Recipients would reject it as a forged sender (NIP-17 "Encrypting"), so fail here.
            throw .invalidKey("the rumor's pubkey \(rumor.pubkey.hex) is not the signer's key \(author.hex)")
        }
        let content = try await signer.nip44Encrypt(rumor.json(includingID: true), to: recipient)
        let seal = UnsignedEvent(pubkey: author, createdAt: randomPastTimestamp(), kind: .seal, tags: [], content: content)
        return try await signer.sign(seal)
    }
}
