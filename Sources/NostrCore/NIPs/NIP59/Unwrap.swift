extension NIP59 {
    /// Opens a gift wrap addressed to `signer`'s key and checks every layer: the wrap's signature,
    /// the seal's kind (13), empty tags and signature, the rumor being unsigned with a correct id,
    /// and the seal's signer being the rumor's author (NIP-17 "Encrypting": anti-impersonation).
    public static func unwrap(_ wrap: Event, signer: some Signer) async throws(NIP59Error) -> UnwrappedGift {
        guard isGiftWrap(wrap.kind) else { throw .notAGiftWrap(kind: wrap.kind.rawValue) }
        do { try wrap.verify() } catch { throw .wrapSignature }

        let sealJSON: String
        do { sealJSON = try await signer.nip44Decrypt(wrap.content, from: wrap.pubkey) } catch { throw .decryptWrap(error) }
        let seal: Event
        do { seal = try Event(json: sealJSON) } catch { throw .malformed("the seal is not an event: \(error)") }
        guard seal.kind == .seal else { throw .sealNotKind13(kind: seal.kind.rawValue) }
        guard seal.tags.isEmpty else { throw .sealHasTags }
        do { try seal.verify() } catch { throw .sealSignature }

        let rumorJSON: String
        do { rumorJSON = try await signer.nip44Decrypt(seal.content, from: seal.pubkey) } catch { throw .decryptSeal(error) }
        let (rumor, rumorID) = try Rumor.parse(rumorJSON)
        guard rumor.pubkey == seal.pubkey else { throw .senderMismatch(seal: seal.pubkey, rumor: rumor.pubkey) }
        return UnwrappedGift(wrap: wrap, seal: seal, rumor: rumor, rumorID: rumorID, sender: seal.pubkey)
    }
}
