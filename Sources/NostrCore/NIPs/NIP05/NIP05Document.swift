/// A `/.well-known/nostr.json` document (NIP-05): names to hex keys, and optional relays per key.
public struct NIP05Document: Sendable, Hashable {
    /// Names (as written in the document) to public-key hex.
    public let names: [String: String]
    /// Public-key hex to relay URLs.
    public let relays: [String: [String]]

    /// Parses the document; `names` must be an object of strings, `relays` (optional) an object of string arrays.
    public init(json: some Collection<UInt8>) throws(NIP05Error) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidDocument(error.description) }
        guard let names = v["names"]?.objectValue else { throw .invalidDocument("no \"names\" object") }
        self.names = names.compactMapValues(\.stringValue)
        var relays = [String: [String]]()
        for (key, list) in v["relays"]?.objectValue ?? [:] {
            relays[key] = list.arrayValue?.compactMap(\.stringValue) ?? []
        }
        self.relays = relays
    }

    /// Parses the document text.
    public init(json: String) throws(NIP05Error) { try self.init(json: Array(json.utf8)) }

    /// The key the document gives `name` (matched case-insensitively, as names are).
    public func pubkey(for name: String) throws(NIP05Error) -> PublicKey {
        let lower = name.lowercased()
        guard let hex = names[lower] ?? names.first(where: { $0.key.lowercased() == lower })?.value else {
            throw .nameNotFound(name)
        }
        // NIP-05: keys are hex, lower case; npub or upper case is a broken document.
        guard hex.utf8.count == 64, hex == hex.lowercased(), let key = try? PublicKey(hex: hex) else { throw .invalidPubkey(hex) }
        return key
    }

    /// The relays the document lists for `pubkey` (empty when none).
    public func relays(for pubkey: PublicKey) -> [String] { relays[pubkey.hex] ?? [] }
}

/// NIP-05 verification. https://github.com/nostr-protocol/nips/blob/master/05.md
public enum NIP05 {
    /// Checks that `document` (fetched from `identifier`'s well-known URL) maps the identifier's name
    /// to `pubkey`; returns the relays it lists for that key.
    @discardableResult
    public static func verify(_ identifier: NIP05Identifier, pubkey: PublicKey, document: NIP05Document) throws(NIP05Error) -> [String] {
        let found = try document.pubkey(for: identifier.name)
        guard found == pubkey else { throw .pubkeyMismatch(expected: pubkey.hex, found: found.hex) }
        return document.relays(for: pubkey)
    }

    /// Checks a profile's `nip05` field against a fetched document.
    @discardableResult
    public static func verify(nip05: String, pubkey: PublicKey, document: NIP05Document) throws(NIP05Error) -> [String] {
        try verify(NIP05Identifier(nip05), pubkey: pubkey, document: document)
    }
}
