/// What a NIP-19 bech32 string (npub, nsec, note, nprofile, nevent, naddr) stands for.
/// https://github.com/nostr-protocol/nips/blob/master/19.md
public enum NIP19Entity: Sendable, Hashable {
    case npub(PublicKey)
    case nsec(SecretKey)
    case note(EventID)
    case nprofile(pubkey: PublicKey, relays: [String])
    case nevent(id: EventID, relays: [String], author: PublicKey?, kind: Kind?)
    case naddr(identifier: String, pubkey: PublicKey, kind: Kind, relays: [String])

    /// The bech32 prefix this entity encodes under ("npub", "nevent", …).
    public var prefix: String {
        switch self {
        case .npub: "npub"
        case .nsec: "nsec"
        case .note: "note"
        case .nprofile: "nprofile"
        case .nevent: "nevent"
        case .naddr: "naddr"
        }
    }

    /// The profile's public key, when the entity names one (npub, nprofile, naddr, nevent with author).
    public var publicKey: PublicKey? {
        switch self {
        case let .npub(pk): pk
        case let .nsec(sk): sk.publicKey
        case .note: nil
        case let .nprofile(pk, _): pk
        case let .nevent(_, _, author, _): author
        case let .naddr(_, pk, _, _): pk
        }
    }

    /// The relay hints carried by the entity (empty for npub, nsec and note).
    public var relays: [String] {
        switch self {
        case .npub, .nsec, .note: []
        case let .nprofile(_, relays): relays
        case let .nevent(_, relays, _, _): relays
        case let .naddr(_, _, _, relays): relays
        }
    }
}
