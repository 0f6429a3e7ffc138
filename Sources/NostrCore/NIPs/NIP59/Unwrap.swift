extension NIP59 {
    /// Opens a gift wrap addressed to `signer`'s key and checks every layer: the wrap's signature,
    /// the seal's kind (13), empty tags and signature, the rumor being unsigned with a correct id,
    /// and the seal's signer being the rumor's author (NIP-17 "Encrypting": anti-impersonation).
    public static func unwrap(_ wrap: Event, signer: some Signer) async throws(NIP59Error) -> UnwrappedGift {
        var recipient = SignerRecipient(signer: signer)
        return try await unwrap(wrap, recipient: &recipient)
    }

    /// `unwrap(_:signer:)` with the layers' signature checks and decryptions supplied by `recipient`, so a
    /// local key can reuse parsed keys and conversation keys; the checks between the layers are the same.
    static func unwrap(_ wrap: Event, recipient: inout some GiftWrapRecipient) async throws(NIP59Error) -> UnwrappedGift {
        guard isGiftWrap(wrap.kind) else { throw .notAGiftWrap(kind: wrap.kind.rawValue) }
        do { try recipient.verifyWrap(wrap) } catch { throw .wrapSignature }

        let sealJSON: [UInt8]
        do { sealJSON = try await recipient.decryptWrap(wrap) } catch { throw .decryptWrap(error) }
        let seal: Event
        do { seal = try Event(json: sealJSON) } catch { throw .malformed("the seal is not an event: \(error)") }
        guard seal.kind == .seal else { throw .sealNotKind13(kind: seal.kind.rawValue) }
        guard seal.tags.isEmpty else { throw .sealHasTags }
        do { try recipient.verifySeal(seal) } catch { throw .sealSignature }

        let rumorJSON: [UInt8]
        do { rumorJSON = try await recipient.decryptSeal(seal) } catch { throw .decryptSeal(error) }
        let (rumor, rumorID) = try Rumor.parse(rumorJSON)
        guard rumor.pubkey == seal.pubkey else { throw .senderMismatch(seal: seal.pubkey, rumor: rumor.pubkey) }
        return UnwrappedGift(wrap: wrap, seal: seal, rumor: rumor, rumorID: rumorID, sender: seal.pubkey)
    }
}

/// The recipient's side of opening a gift wrap: how each layer's signature is checked (`Event.verify`
/// semantics: id, then signature) and how its content is NIP-44 decrypted, to UTF-8 bytes.
protocol GiftWrapRecipient {
    /// Checks the wrap, signed by a one-time key.
    mutating func verifyWrap(_ wrap: Event) throws(EventError)
    /// Decrypts the wrap's content, from its one-time key.
    mutating func decryptWrap(_ wrap: Event) async throws(SignerError) -> [UInt8]
    /// Checks the seal, signed by the sender.
    mutating func verifySeal(_ seal: Event) throws(EventError)
    /// Decrypts the seal's content, from the sender.
    mutating func decryptSeal(_ seal: Event) async throws(SignerError) -> [UInt8]
}

/// Any `Signer`: each layer verified on its own and decrypted through the signer.
struct SignerRecipient<S: Signer>: GiftWrapRecipient {
    let signer: S

    func verifyWrap(_ wrap: Event) throws(EventError) { try wrap.verify() }
    func verifySeal(_ seal: Event) throws(EventError) { try seal.verify() }

    func decryptWrap(_ wrap: Event) async throws(SignerError) -> [UInt8] {
        Array(try await signer.nip44Decrypt(wrap.content, from: wrap.pubkey).utf8)
    }

    func decryptSeal(_ seal: Event) async throws(SignerError) -> [UInt8] {
        Array(try await signer.nip44Decrypt(seal.content, from: seal.pubkey).utf8)
    }
}
