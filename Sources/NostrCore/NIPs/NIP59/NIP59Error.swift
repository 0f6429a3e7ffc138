/// Why a gift wrap could not be made or opened. Each case names the layer and check that failed.
public enum NIP59Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The outer event is not kind 1059 (or 21059).
    case notAGiftWrap(kind: Int)
    /// The wrap's id or signature does not verify.
    case wrapSignature
    /// The wrap's content could not be decrypted with this key: addressed to someone else, tampered,
    /// or not NIP-44 v2 (legacy 2023 wraps).
    case decryptWrap(SignerError)
    /// The seal is not kind 13.
    case sealNotKind13(kind: Int)
    /// The seal has tags; NIP-59 says they MUST be empty.
    case sealHasTags
    /// The seal's id or signature does not verify.
    case sealSignature
    /// The seal's content could not be decrypted.
    case decryptSeal(SignerError)
    /// The rumor claims an author other than the seal's signer: a forged sender.
    case senderMismatch(seal: PublicKey, rumor: PublicKey)
    /// The rumor carries a signature; NIP-59 rumors MUST be unsigned.
    case rumorSigned
    /// The rumor's id is not the hash of its fields.
    case rumorIDMismatch
    /// A layer's decrypted JSON is not a valid event.
    case malformed(String)
    /// The signer failed while sealing (signing or encrypting).
    case signer(SignerError)
    /// Making the wrap failed (one-time key encryption or signature).
    case wrapFailed(String)

    public var description: String {
        switch self {
        case let .notAGiftWrap(kind): "not a gift wrap: kind \(kind), expected 1059"
        case .wrapSignature: "the gift wrap's id or signature is invalid"
        case let .decryptWrap(e):
            "cannot open the gift wrap (not addressed to this key, tampered, or not NIP-44 v2): \(e)"
        case let .sealNotKind13(kind): "the sealed event is kind \(kind), expected a kind-13 seal"
        case .sealHasTags: "the seal has tags; NIP-59 seals must have none"
        case .sealSignature: "the seal's id or signature is invalid"
        case let .decryptSeal(e): "cannot open the seal: \(e)"
        case let .senderMismatch(seal, rumor):
            "forged sender: the seal is signed by \(seal.hex) but the message claims to be from \(rumor.hex)"
        case .rumorSigned: "the inner event is signed; NIP-59 rumors must be unsigned"
        case .rumorIDMismatch: "the inner event's id does not match its contents"
        case let .malformed(reason): "malformed gift wrap: \(reason)"
        case let .signer(e): "sealing failed: \(e)"
        case let .wrapFailed(reason): "wrapping failed: \(reason)"
        }
    }
}
