/// A signer that holds the secret key in this process.
public struct LocalSigner: Signer {
    private let key: SecretKey

    /// A signer for `key`.
    public init(_ key: SecretKey) { self.key = key }

    public func publicKey() async throws(SignerError) -> PublicKey { key.publicKey }

    /// Signs `event`; its pubkey must be this signer's key, so a wrong author is caught before any
    /// relay or recipient sees it.
    public func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event {
        guard event.pubkey == key.publicKey else {
            throw .invalidKey("the event's pubkey \(event.pubkey.hex) is not this signer's key \(key.publicKey.hex)")
        }
        do { return try event.sign(with: key) } catch { throw .invalidKey("\(error)") }
    }

    public func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
        do { return try NIP04.encrypt(text, from: key, to: to) } catch { throw .encryption("NIP-04: \(error)") }
    }

    public func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        do { return try NIP04.decrypt(payload, to: key, from: from) } catch { throw .decryption("NIP-04: \(error)") }
    }

    public func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
        do { return try NIP44.encrypt(text, from: key, to: to) } catch { throw .encryption("NIP-44: \(error)") }
    }

    public func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        do { return try NIP44.decrypt(payload, to: key, from: from) } catch { throw .decryption("NIP-44: \(error)") }
    }
}
