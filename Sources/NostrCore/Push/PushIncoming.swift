/// An authenticated event to classify: a verified signed event, or a gift-wrapped rumor whose
/// author the seal's signature vouches for.
struct PushIncoming: Sendable {
    let id: EventID
    let author: PublicKey
    let createdAt: Int64
    let kind: Kind
    let tags: [Tag]
    let content: String
    /// Whether it arrived inside a NIP-59 gift wrap.
    var wrapped: Bool { event == nil }
    /// The signed event, unless it is a rumor.
    let event: Event?

    init(verified event: Event) {
        id = event.id
        author = event.pubkey
        createdAt = event.createdAt
        kind = event.kind
        tags = event.tags
        content = event.content
        self.event = event
    }

    init(gift: UnwrappedGift) {
        id = gift.rumorID
        author = gift.sender
        createdAt = gift.rumor.createdAt
        kind = gift.rumor.kind
        tags = gift.rumor.tags
        content = gift.rumor.content
        event = nil
    }

    /// The keys of the `p` tags, in order, without repeats. `checked` keeps only curve points, at a
    /// square root per key; unchecked is enough to look for the accounts, whose keys are valid already.
    func taggedKeys(checked: Bool) -> [PublicKey] {
        var out: [PublicKey] = []
        for tag in tags where tag.name == "p" {
            guard let hex = tag.value, hex.utf8.count == 64, let bytes = Hex.decode(hex) else { continue }
            let key = PublicKey(unchecked: bytes)
            if checked, (try? ParsedPublicKey(key)) == nil { continue }
            if !out.contains(key) { out.append(key) }
        }
        return out
    }

    /// Valid ids of the `e` tags, in order.
    var taggedEvents: [EventID] {
        tags.compactMap { $0.name == "e" ? $0.value.flatMap { try? EventID(hex: $0.lowercased()) } : nil }
    }

    /// The `t` tag values.
    var hashtags: [String] { tags.compactMap { $0.name == "t" ? $0.value : nil } }

    /// The unsigned form, for helpers that take one (NIP-17 conversation ids).
    var unsigned: UnsignedEvent { UnsignedEvent(pubkey: author, createdAt: createdAt, kind: kind, tags: tags, content: content) }
}
