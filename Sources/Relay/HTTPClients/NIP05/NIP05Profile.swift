import NostrCore

/// What a NIP-05 identifier resolves to: a public key and the relays its document lists for it.
public struct NIP05Profile: Sendable, Hashable {
    /// The identifier that was resolved.
    public let identifier: NIP05Identifier
    /// The key the domain vouches for.
    public let pubkey: PublicKey
    /// Relays the document lists for the key (may be empty).
    public let relays: [String]

    /// A resolved identifier.
    public init(identifier: NIP05Identifier, pubkey: PublicKey, relays: [String]) {
        self.identifier = identifier
        self.pubkey = pubkey
        self.relays = relays
    }
}
