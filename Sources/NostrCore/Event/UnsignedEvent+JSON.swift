/// What `UnsignedEvent.parse(json:)` found: the event, plus the `id` and whether a `sig` was there.
public struct ParsedUnsignedEvent: Sendable, Hashable {
    /// The unsigned fields.
    public let event: UnsignedEvent
    /// The `id` as written in the JSON, unchecked; nil when absent.
    public let id: EventID?
    /// Whether the JSON carried a `sig` (a NIP-59 rumor must not).
    public let hasSignature: Bool
}

extension UnsignedEvent {
    /// Parses an event object where `id` and `sig` may be absent (NIP-59 rumors, event templates).
    /// A present `id` must equal the computed one (`.idMismatch`); a present `sig` is ignored, see `parse(json:)`.
    public init(json: some Collection<UInt8>) throws(EventError) {
        let p = try Self.parse(json: json)
        if let id = p.id, id != p.event.id { throw .idMismatch }
        self = p.event
    }

    /// Parses an event object without checking its `id`; reports what `id` and `sig` it carried.
    public static func parse(json: some Collection<UInt8>) throws(EventError) -> ParsedUnsignedEvent {
        try JSONCursor.with(json) { (c: inout JSONCursor) throws(EventError) -> ParsedUnsignedEvent in
            let f = try EventParser.readFields(&c, deferTags: false)
            do throws(JSONError) { try c.expectEnd() } catch { throw .malformed(error) }
            guard let pubkey = f.pubkey else { throw .invalidField("pubkey", "is missing") }
            guard let createdAt = f.createdAt else { throw .invalidField("created_at", "is missing") }
            guard let kind = f.kind else { throw .invalidField("kind", "is missing") }
            guard let tags = f.tags else { throw .invalidField("tags", "is missing") }
            guard let content = f.content else { throw .invalidField("content", "is missing") }
            let e = UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content)
            return ParsedUnsignedEvent(event: e, id: f.id, hasSignature: f.sig != nil)
        }
    }
}
