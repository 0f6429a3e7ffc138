/// A signed event (NIP-01). `raw`, when present, is the exact JSON it was parsed from, kept so
/// storage and forwarding need not re-serialize.
public struct Event: Sendable, Hashable {
    public let id: EventID
    public let pubkey: PublicKey
    public let createdAt: Int64
    public let kind: Kind
    /// The tags. A parsed event decodes them from `raw` on first use (they were checked when parsed),
    /// so events that are only stored or forwarded never build them.
    public var tags: [Tag] { tagStorage.tags }
    public let content: String
    /// The 64-byte BIP-340 signature.
    public let sig: [UInt8]
    /// The JSON bytes this event was parsed from, if it was parsed.
    public let raw: [UInt8]?
    /// Where `raw` already holds the canonical bytes of `tags` and `content`, so the id can be
    /// hashed from slices of it; nil when they must be re-serialized.
    let spans: CanonicalSpans?
    let tagStorage: TagStorage

    /// An event from its parts; nothing is checked (see `verify()`).
    public init(id: EventID, pubkey: PublicKey, createdAt: Int64, kind: Kind, tags: [Tag], content: String,
                sig: [UInt8], raw: [UInt8]? = nil) {
        self.id = id
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tagStorage = .decoded(tags)
        self.content = content
        self.sig = sig
        self.raw = raw
        self.spans = nil
    }

    init(id: EventID, pubkey: PublicKey, createdAt: Int64, kind: Kind, tags: TagStorage, content: String,
         sig: [UInt8], raw: [UInt8], spans: CanonicalSpans?) {
        self.id = id
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tagStorage = tags
        self.content = content
        self.sig = sig
        self.raw = raw
        self.spans = spans
    }

    public static func == (a: Event, b: Event) -> Bool { a.id == b.id && a.sig == b.sig }
    public func hash(into h: inout Hasher) { h.combine(id) }

    /// The unsigned form (same pubkey, time, kind, tags and content).
    public var unsigned: UnsignedEvent {
        UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content)
    }

    /// The values of every tag named `name` (`tagValues("p")`).
    public func tagValues(_ name: String) -> [String] {
        tags.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The first value of the first tag named `name`.
    public func firstTagValue(_ name: String) -> String? {
        tagStorage.firstValue(named: name)
    }
}

/// An event before it is signed: the id is a function of these fields.
public struct UnsignedEvent: Sendable, Hashable {
    public var pubkey: PublicKey
    public var createdAt: Int64
    public var kind: Kind
    public var tags: [Tag]
    public var content: String

    public init(pubkey: PublicKey, createdAt: Int64, kind: Kind, tags: [Tag] = [], content: String) {
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.kind = kind
        self.tags = tags
        self.content = content
    }
}
