/// Why a signer could not sign, encrypt or decrypt. The CLI maps these to exit codes; none of them
/// ever carries secret key material.
public enum SignerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The signer (a person at a bunker, a policy) said no; the text is its reason.
    case rejected(String)
    /// A remote signer did not answer in time.
    case timedOut(seconds: Int)
    /// A remote signer's relay could not be reached.
    case unreachable(relay: String)
    /// The key is encrypted and no password was given (or the session is locked).
    case locked
    /// A key the signer was handed or asked to use is not valid.
    case invalidKey(String)
    /// Encrypting a payload failed.
    case encryption(String)
    /// Decrypting a payload failed (wrong key, tampered or unsupported payload).
    case decryption(String)

    public var description: String {
        switch self {
        case let .rejected(reason): "the signer refused: \(reason)"
        case let .timedOut(seconds): "the remote signer did not answer within \(seconds) s; check that it is online"
        case let .unreachable(relay): "could not reach the signer's relay \(relay)"
        case .locked: "the key is locked: give its password (terminal or NOSTR_PASSWORD)"
        case let .invalidKey(reason): "invalid key: \(reason)"
        case let .encryption(reason): "encryption failed: \(reason)"
        case let .decryption(reason): "decryption failed: \(reason)"
        }
    }
}
