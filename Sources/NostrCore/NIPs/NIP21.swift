/// NIP-21 `nostr:` URIs. https://github.com/nostr-protocol/nips/blob/master/21.md
public enum NIP21 {
    /// The `nostr:` URI of an entity; nsec is refused (NIP-21 forbids sharing secret keys this way).
    public static func uri(_ entity: NIP19Entity) throws(NIP19Error) -> String {
        if case .nsec = entity { throw .secretKeyInURI }
        return "nostr:" + NIP19.encode(entity)
    }

    /// Parses a `nostr:` URI (scheme case-insensitive); nsec is refused.
    public static func parse(_ uri: String) throws(NIP19Error) -> NIP19Entity {
        let text = Substring(uri).trimmingASCIIWhitespace()
        guard text.utf8.count > 6, text.prefix(6).lowercased() == "nostr:" else { throw .notNostrURI }
        let entity = try NIP19.decode(String(text.dropFirst(6)))
        if case .nsec = entity { throw .secretKeyInURI }
        return entity
    }
}
