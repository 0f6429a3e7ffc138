/// Why bytes are not a valid event, or why an event does not check out.
public enum EventError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is not well-formed JSON.
    case malformed(JSONError)
    /// A field is missing, repeated, of the wrong type or the wrong length: (field name, why).
    case invalidField(String, String)
    /// The `id` is not the SHA-256 of the event's NIP-01 serialization.
    case idMismatch
    /// The signature does not verify for `id` under `pubkey` (or `pubkey` is not a curve point).
    case invalidSignature

    public var description: String {
        switch self {
        case let .malformed(e): "malformed event: \(e)"
        case let .invalidField(field, why): "invalid event field \"\(field)\": \(why)"
        case .idMismatch: "event id does not match its content (id is not the hash of the serialized event)"
        case .invalidSignature: "event signature is not valid for its id and pubkey"
        }
    }
}
