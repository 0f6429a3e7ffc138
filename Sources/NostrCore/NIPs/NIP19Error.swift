/// Why a string is not a usable NIP-19 entity. Never carries secret key material.
public enum NIP19Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The string is not valid bech32 (bad checksum, bad character, …).
    case invalidBech32(Bech32Error)
    /// The prefix is not one of npub, nsec, note, nprofile, nevent, naddr.
    case unknownPrefix(String)
    /// A fixed-size value (key, id, kind) has the wrong number of bytes.
    case wrongLength(field: String, expected: Int, got: Int)
    /// A required TLV entry is absent (`special` for nprofile/nevent/naddr, `author` and `kind` for naddr).
    case missingTLV(prefix: String, field: String)
    /// A TLV entry runs past the end of the data.
    case truncatedTLV(prefix: String)
    /// A text TLV (relay, identifier) is not valid UTF-8.
    case invalidText(field: String)
    /// A public key is not a point on secp256k1.
    case invalidPublicKey
    /// A secret key is zero or not below the curve order.
    case invalidSecretKey
    /// A value does not fit its TLV (over 255 bytes).
    case valueTooLong(field: String, bytes: Int)
    /// NIP-21 forbids `nostr:nsec…`.
    case secretKeyInURI
    /// The string does not start with `nostr:`.
    case notNostrURI

    public var description: String {
        switch self {
        case let .invalidBech32(e): "not a valid bech32 string: \(e)"
        case let .unknownPrefix(p) where p == "ncryptsec": "ncryptsec is an encrypted key (NIP-49), not a NIP-19 entity; decrypt it with a password"
        case let .unknownPrefix(p) where p == "nrelay": "nrelay is deprecated by NIP-19; use the relay URL"
        case let .unknownPrefix(p): "unknown NIP-19 prefix '\(p)' (expected npub, nsec, note, nprofile, nevent or naddr)"
        case let .wrongLength(field, expected, got): "\(field) must be \(expected) bytes, got \(got)"
        case let .missingTLV(prefix, field): "\(prefix) lacks its required '\(field)' entry"
        case let .truncatedTLV(prefix): "\(prefix) data is truncated (a TLV entry runs past the end)"
        case let .invalidText(field): "\(field) is not valid UTF-8"
        case .invalidPublicKey: "public key is not a point on secp256k1"
        case .invalidSecretKey: "secret key is zero or not below the secp256k1 order"
        case let .valueTooLong(field, bytes): "\(field) is \(bytes) bytes; a NIP-19 TLV value holds at most 255"
        case .secretKeyInURI: "nostr: URIs must not carry an nsec (NIP-21)"
        case .notNostrURI: "not a nostr: URI"
        }
    }
}
