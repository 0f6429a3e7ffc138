extension NIP59 {
    /// Wraps `seal` for `recipient` with a fresh one-time key: kind 1059 (or `kind: .ephemeralGiftWrap`),
    /// a `p` tag of the recipient followed by `extraTags`, content the NIP-44 encryption of the seal's JSON.
    public static func wrap(_ seal: Event, to recipient: PublicKey, extraTags: [Tag] = [],
                            kind: Kind = .giftWrap) throws(NIP59Error) -> Event {
        let oneTime = SecretKey.generate()
        let content: String
        do { content = try NIP44.encrypt(seal.json, from: oneTime, to: recipient) } catch {
            throw .wrapFailed("NIP-44: \(error)")
        }
        let wrap = UnsignedEvent(pubkey: oneTime.publicKey, createdAt: randomPastTimestamp(), kind: kind,
                                 tags: [["p", recipient.hex]] + extraTags, content: content)
        do { return try wrap.sign(with: oneTime) } catch { throw .wrapFailed("signing: \(error)") }
    }

    /// Seals `rumor` with `signer` and wraps it for `recipient`.
    public static func giftWrap(_ rumor: UnsignedEvent, to recipient: PublicKey,
                                signer: some Signer) async throws(NIP59Error) -> Event {
        let sealed: Event
        do { sealed = try await seal(rumor, to: recipient, signer: signer) } catch { throw .signer(error) }
        return try wrap(sealed, to: recipient)
    }
}
