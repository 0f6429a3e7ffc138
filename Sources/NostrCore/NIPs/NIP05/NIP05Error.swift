/// Why a NIP-05 identifier or `nostr.json` document could not be used.
public enum NIP05Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The identifier is not `name@domain` or a bare domain.
    case invalidIdentifier(String)
    /// The local part has characters outside `a-z0-9-_.`.
    case invalidName(String)
    /// The domain is not a host name (with an optional port).
    case invalidDomain(String)
    /// The document is not JSON or has no `names` object.
    case invalidDocument(String)
    /// The document does not list the name.
    case nameNotFound(String)
    /// The document lists the name with a key that is not 64 lower-case hex characters.
    case invalidPubkey(String)
    /// The document maps the name to a different key.
    case pubkeyMismatch(expected: String, found: String)

    public var description: String {
        switch self {
        case let .invalidIdentifier(s): "\"\(s)\" is not a NIP-05 identifier (name@domain or domain)"
        case let .invalidName(s): "NIP-05 name \"\(s)\" may only use a-z, 0-9, '-', '_' and '.'"
        case let .invalidDomain(s): "\"\(s)\" is not a domain name"
        case let .invalidDocument(why): "nostr.json is not usable: \(why)"
        case let .nameNotFound(name): "nostr.json does not list the name \"\(name)\""
        case let .invalidPubkey(key): "nostr.json maps the name to \"\(key)\", which is not a hex public key"
        case let .pubkeyMismatch(expected, found): "nostr.json maps the name to \(found), not \(expected)"
        }
    }
}
