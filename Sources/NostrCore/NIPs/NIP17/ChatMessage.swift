extension NIP17 {
    /// A kind-14 chat message rumor from `from` to every key in `to` (NIP-17 "Chat Message").
    /// `replyTo` adds the `e` tag of the parent message, with `relayHint` when given.
    public static func chatMessage(from: PublicKey, to: [PublicKey], content: String, subject: String? = nil,
                                   replyTo: EventID? = nil, relayHint: String? = nil,
                                   createdAt: Int64 = now()) -> UnsignedEvent {
        var tags = recipientTags(to)
        if let replyTo { tags.append(Tag(["e", replyTo.hex] + (relayHint.map { [$0] } ?? []))) }
        if let subject { tags.append(["subject", subject]) }
        return UnsignedEvent(pubkey: from, createdAt: createdAt, kind: .chatMessage, tags: tags, content: content)
    }

    /// One `p` tag per distinct recipient, in the order given.
    static func recipientTags(_ keys: [PublicKey]) -> [Tag] {
        var seen = Set<PublicKey>()
        return keys.filter { seen.insert($0).inserted }.map { ["p", $0.hex] }
    }
}
