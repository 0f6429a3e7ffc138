extension NWC {
    /// A signed kind-23194 request whose key lives in a `Signer` (a bunker, a key store) rather than in
    /// the connection URI; the signer encrypts and signs, nothing touches the network here.
    public static func requestEvent(_ request: WalletRequest, walletPubkey: PublicKey, encryption: NWCEncryption = .nip44,
                                    createdAt: Int64, expiration: Int64? = nil, signer: some Signer) async throws(NIP47Error) -> Event {
        let plaintext = request.json
        do {
            let me = try await signer.publicKey()
            let content = switch encryption {
            case .nip44: try await signer.nip44Encrypt(plaintext, to: walletPubkey)
            case .nip04: try await signer.nip04Encrypt(plaintext, to: walletPubkey)
            }
            let unsigned = try requestEvent(request, walletPubkey: walletPubkey, clientPubkey: me, encryption: encryption,
                                            createdAt: createdAt, expiration: expiration) { (_) throws(NIP47Error) in content }
            return try await signer.sign(unsigned)
        } catch let error as NIP47Error {
            throw error
        } catch {
            throw .encryption("the signer failed: \(error)")
        }
    }

    /// Decrypts a response or notification with a `Signer` holding the client key (NIP-04 if the
    /// payload carries `?iv=`, NIP-44 otherwise).
    public static func decrypt(_ event: Event, signer: some Signer) async throws(NIP47Error) -> String {
        do {
            return NIP04.isNIP04Payload(event.content)
                ? try await signer.nip04Decrypt(event.content, from: event.pubkey)
                : try await signer.nip44Decrypt(event.content, from: event.pubkey)
        } catch {
            throw .encryption("the signer could not decrypt: \(error)")
        }
    }
}
