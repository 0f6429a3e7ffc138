extension NIP17 {
    /// Seals and wraps `rumor` once per `p` recipient and once for the sender (so the sender can read
    /// their own history), each with its own one-time key (NIP-17 "Encrypting"). Send each wrap only
    /// to its recipient's kind-10050 relays.
    public static func wrapForAll(_ rumor: UnsignedEvent,
                                  signer: some Signer) async throws(NIP59Error) -> [(recipient: PublicKey, wrap: Event)] {
        let sender: PublicKey
        do { sender = try await signer.publicKey() } catch { throw .signer(error) }
        var out: [(recipient: PublicKey, wrap: Event)] = []
        for recipient in recipients(of: rumor) where recipient != sender {
            out.append((recipient, try await NIP59.giftWrap(rumor, to: recipient, signer: signer)))
        }
        out.append((sender, try await NIP59.giftWrap(rumor, to: sender, signer: signer)))
        return out
    }
}
