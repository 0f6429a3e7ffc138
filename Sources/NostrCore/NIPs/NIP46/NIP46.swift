/// NIP-46 remote signing. https://github.com/nostr-protocol/nips/blob/master/46.md
///
/// Sans-IO: building and opening kind-24133 events with a local key (the client key on one side, the
/// remote-signer key on the other). Relays, waiting and policy live in `Signer` and `Bunker`.
public enum NIP46 {
    /// The kind of every request and response event.
    public static let kind: Kind = 24133

    /// How a payload is encrypted: NIP-44 by default; NIP-04 only to answer a client that still sends it.
    public enum Encryption: String, Sendable, Hashable {
        case nip44, nip04

        /// The encryption a payload uses: NIP-04 carries `?iv=`, NIP-44 never does (base64 has no `?`).
        public static func of(_ payload: String) -> Encryption { NIP04.isNIP04Payload(payload) ? .nip04 : .nip44 }
    }

    /// A signed kind-24133 event from `key` to `recipient` carrying `message` encrypted with `encryption`.
    public static func event(_ message: String, from key: SecretKey, to recipient: PublicKey,
                             encryption: Encryption = .nip44, createdAt: Int64) throws(NIP46Error) -> Event {
        let content: String
        switch encryption {
        case .nip44:
            do { content = try NIP44.encrypt(message, from: key, to: recipient) } catch { throw .encryption("NIP-44: \(error)") }
        case .nip04:
            do { content = try NIP04.encrypt(message, from: key, to: recipient) } catch { throw .encryption("NIP-04: \(error)") }
        }
        let unsigned = UnsignedEvent(pubkey: key.publicKey, createdAt: createdAt, kind: kind,
                                     tags: [["p", recipient.hex]], content: content)
        do { return try unsigned.sign(with: key) } catch { throw .encryption("signing: \(error)") }
    }

    /// The plaintext of a kind-24133 `event` addressed to `key`, and the encryption it used.
    public static func open(_ event: Event, with key: SecretKey) throws(NIP46Error) -> (message: String, encryption: Encryption) {
        guard event.kind == kind else { throw .wrongKind(event.kind.rawValue) }
        let encryption = Encryption.of(event.content)
        switch encryption {
        case .nip44:
            do { return (try NIP44.decrypt(event.content, to: key, from: event.pubkey), .nip44) } catch {
                throw .encryption("NIP-44: \(error)")
            }
        case .nip04:
            do { return (try NIP04.decrypt(event.content, to: key, from: event.pubkey), .nip04) } catch {
                throw .encryption("NIP-04: \(error)")
            }
        }
    }

    /// A random request id or secret: 16 hex characters (64 bits) unless told otherwise.
    public static func randomToken(bytes: Int = 8) -> String { Hex.encode(SecureRandom.bytes(bytes)) }
}
