/// A NIP-01 subscription filter. Fields combine with AND, values within a field with OR; an absent
/// field does not constrain, an empty list matches nothing.
/// https://github.com/nostr-protocol/nips/blob/master/01.md
public struct Filter: Sendable, Hashable {
    /// Event ids (exact, 32 bytes).
    public var ids: [EventID]?
    /// Authors' public keys.
    public var authors: [PublicKey]?
    /// Kinds.
    public var kinds: [Kind]?
    /// Tag filters by single-letter tag name (no `#`): `["e": [id1, id2]]` is `"#e":[id1,id2]`.
    public var tags: [String: [String]]
    /// Oldest `created_at` matched (inclusive).
    public var since: Int64?
    /// Newest `created_at` matched (inclusive).
    public var until: Int64?
    /// How many stored events to return at most.
    public var limit: Int?
    /// NIP-50 search text; matched here as a case-insensitive substring of `content`.
    public var search: String?

    /// A filter; every field is optional and an empty filter matches every event.
    public init(ids: [EventID]? = nil, authors: [PublicKey]? = nil, kinds: [Kind]? = nil, tags: [String: [String]] = [:],
                since: Int64? = nil, until: Int64? = nil, limit: Int? = nil, search: String? = nil) {
        self.ids = ids
        self.authors = authors
        self.kinds = kinds
        self.tags = tags
        self.since = since
        self.until = until
        self.limit = limit
        self.search = search
    }
}
