extension NIP17 {
    /// A kind-15 file message rumor: `file.url` as content, the file's tags after the `p`, `e` and
    /// `subject` tags (NIP-17 "File Message").
    public static func fileMessage(from: PublicKey, to: [PublicKey], file: EncryptedFile, subject: String? = nil,
                                   replyTo: EventID? = nil, relayHint: String? = nil,
                                   createdAt: Int64 = now()) -> UnsignedEvent {
        var tags = recipientTags(to)
        // The spec's kind-15 example marks the parent with a "reply" marker (unlike kind 14).
        if let replyTo { tags.append(Tag(["e", replyTo.hex, relayHint ?? "", "reply"])) }
        if let subject { tags.append(["subject", subject]) }
        tags += file.tags
        return UnsignedEvent(pubkey: from, createdAt: createdAt, kind: .fileMessage, tags: tags, content: file.url)
    }
}
