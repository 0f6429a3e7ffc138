/// Something that holds a key and signs and encrypts with it: a local secret key now, a NIP-46
/// remote signer later. Every method is async and throws `SignerError` so both fit unchanged.
public protocol Signer: Sendable {
    /// The public key events are signed with.
    func publicKey() async throws(SignerError) -> PublicKey
    /// Signs `event`, which must carry this signer's public key.
    func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event
    /// NIP-04 encrypts `text` for `to` (legacy DMs).
    func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String
    /// Decrypts a NIP-04 payload sent by `from`.
    func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String
    /// NIP-44 v2 encrypts `text` for `to`.
    func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String
    /// Decrypts a NIP-44 v2 payload sent by `from`.
    func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String
}
