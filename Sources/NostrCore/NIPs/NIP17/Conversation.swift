extension NIP17 {
    /// The room a message belongs to: NIP-17 defines it as the set of author + `p` tags, so this is
    /// the sorted, distinct lower-case hex keys joined by ",", the same whoever sent the message.
    public static func conversationID(of rumor: UnsignedEvent) -> String {
        conversationID(of: rumor, knownValid: { _ in false })
    }

    /// `conversationID(of:)` for a caller that knows some keys are curve points (its own accounts, a sender
    /// whose seal it verified): those skip the square root that checking a `p` tag's key costs.
    static func conversationID(of rumor: UnsignedEvent, knownValid: (PublicKey) -> Bool) -> String {
        participants(of: rumor, knownValid: knownValid).map(\.hex).joined(separator: ",")
    }

    /// The author and every recipient of `rumor`, sorted and distinct.
    public static func participants(of rumor: UnsignedEvent) -> [PublicKey] {
        participants(of: rumor, knownValid: { _ in false })
    }

    static func participants(of rumor: UnsignedEvent, knownValid: (PublicKey) -> Bool) -> [PublicKey] {
        Array(Set([rumor.pubkey] + recipients(of: rumor, knownValid: knownValid))).sorted()
    }

    /// The room's current subject: the `subject` of the newest message that has one (NIP-17 "Chat Rooms").
    public static func subject(of messages: [UnsignedEvent]) -> String? {
        messages.filter { $0.tags.contains { $0.name == "subject" } }.max { $0.createdAt < $1.createdAt }?
            .tags.first { $0.name == "subject" }?.value
    }
}
