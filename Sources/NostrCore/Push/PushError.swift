/// Why a push payload produced no notification and is reported as `{"status":"error"}`.
public enum PushError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The payload is larger than `PushOptions.maxPayloadBytes`.
    case payloadTooLarge(bytes: Int, limit: Int)
    /// The payload is not JSON.
    case malformedJSON(JSONError)
    /// The payload is JSON but none of the three shapes (APNs, FCM, bare event); the text says why.
    case unrecognizedPayload(String)
    /// The event inside the payload does not parse, or its id or signature does not verify.
    case invalidEvent(EventError)
    /// No configured account can decrypt an FCM `encryptedEvent` (addressed to someone else or tampered).
    case notDecryptable
    /// The decrypted inner event of an FCM payload is not an event.
    case invalidInnerEvent(EventError)
    /// A gift wrap failed one of the NIP-59 checks (the layer is named in the inner error).
    case giftWrap(NIP59Error)
    /// A NIP-04 direct message could not be decrypted with the addressed account's key.
    case directMessage(String)
    /// A zap receipt failed NIP-57 Appendix F validation.
    case invalidZap(ZapError)
    /// The enricher was made without any account key.
    case noAccounts

    public var description: String {
        switch self {
        case let .payloadTooLarge(bytes, limit): "payload is \(bytes) bytes, more than the \(limit)-byte limit"
        case let .malformedJSON(e): "payload is not JSON: \(e)"
        case let .unrecognizedPayload(why): "unrecognized payload: \(why)"
        case let .invalidEvent(e): "\(e)"
        case .notDecryptable:
            "no account key decrypts the encryptedEvent (addressed to another key, or tampered); check --sec / the key store"
        case let .invalidInnerEvent(e): "the decrypted encryptedEvent is not a valid event: \(e)"
        case let .giftWrap(e): "\(e)"
        case let .directMessage(why): "cannot decrypt the NIP-04 direct message: \(why)"
        case let .invalidZap(e): "invalid zap receipt: \(e)"
        case .noAccounts: "no account keys: give --sec or add a key to the key store"
        }
    }
}
