extension NIP17 {
    /// The room a message belongs to: NIP-17 defines it as the set of author + `p` tags, so this is
    /// the sorted, distinct lower-case hex keys joined by ",", the same whoever sent the message.
    public static func conversationID(of rumor: UnsignedEvent) -> String {
        participants(of: rumor).map(\.hex).joined(separator: ",")
    }

    /// The author and every recipient of `rumor`, sorted and distinct.
    public static func participants(of rumor: UnsignedEvent) -> [PublicKey] {
        Array(Set([rumor.pubkey] + recipients(of: rumor))).sorted()
    }

    /// The room's current subject: the `subject` of the newest message that has one (NIP-17 "Chat Rooms").
    public static func subject(of messages: [UnsignedEvent]) -> String? {
        messages.filter { $0.tags.contains { $0.name == "subject" } }.max { $0.createdAt < $1.createdAt }?
            .tags.first { $0.name == "subject" }?.value
    }
}
