/// Why a NIP-47 URI, event or payload could not be used.
public enum NIP47Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection URI is malformed (reason given; never includes the secret).
    case invalidURI(String)
    /// The event has the wrong kind for what was asked.
    case wrongKind(expected: Int, got: Int)
    /// The decrypted payload is not the JSON object NIP-47 describes (reason given).
    case invalidPayload(String)
    /// Encryption or decryption failed in the signer or cipher.
    case encryption(String)
    /// The event is missing a required tag.
    case missingTag(String)

    public var description: String {
        switch self {
        case let .invalidURI(why): "invalid nostr+walletconnect URI: \(why)"
        case let .wrongKind(expected, got): "expected a kind \(expected) event, got kind \(got)"
        case let .invalidPayload(why): "NWC payload is not valid: \(why)"
        case let .encryption(why): "NWC encryption failed: \(why)"
        case let .missingTag(name): "NWC event has no \"\(name)\" tag"
        }
    }
}
