import NostrCore

/// One opened NIP-17 message as `dm list` shows it: the checked rumor plus where it belongs.
public struct DirectMessage: Sendable, Hashable {
    /// The rumor's id (checked against its fields when it was unwrapped).
    public let id: EventID
    /// The room: sorted participant keys joined by "," (`NIP17.conversationID`).
    public let conversation: String
    /// The author, proven by the seal's signature.
    public let from: PublicKey
    /// The other participants (the rumor's `p` tags).
    public let to: [PublicKey]
    /// The rumor's `created_at` (the real time; only seal and wrap times are randomised).
    public let createdAt: Int64
    /// The `subject` tag, if the message set one.
    public let subject: String?
    /// The unsigned inner event.
    public let rumor: UnsignedEvent

    /// The message for `rumor` (whose id is `id`).
    public init(rumor: UnsignedEvent, id: EventID) {
        self.id = id
        self.rumor = rumor
        conversation = NIP17.conversationID(of: rumor)
        from = rumor.pubkey
        to = NIP17.recipients(of: rumor)
        createdAt = rumor.createdAt
        subject = rumor.tags.first { $0.name == "subject" }?.value
    }

    /// The text.
    public var content: String { rumor.content }

    /// `{"id","conversation","from","to","created_at","subject"?,"content"}` as one compact JSON line.
    public var jsonLine: String {
        var out: [UInt8] = []
        out.reserveCapacity(300 + rumor.content.utf8.count)
        out.append(contentsOf: #"{"id":""#.utf8)
        out.append(contentsOf: id.hex.utf8)
        out.append(contentsOf: #"","conversation":"#.utf8)
        JSONWriter.appendString(conversation, to: &out)
        out.append(contentsOf: #","from":""#.utf8)
        out.append(contentsOf: from.hex.utf8)
        out.append(contentsOf: #"","to":["#.utf8)
        for (i, key) in to.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(0x22)
            out.append(contentsOf: key.hex.utf8)
            out.append(0x22)
        }
        out.append(contentsOf: #"],"created_at":"#.utf8)
        JSONWriter.appendInt(createdAt, to: &out)
        if let subject {
            out.append(contentsOf: #","subject":"#.utf8)
            JSONWriter.appendString(subject, to: &out)
        }
        out.append(contentsOf: #","content":"#.utf8)
        JSONWriter.appendString(rumor.content, to: &out)
        out.append(0x7D)
        return String(decoding: out, as: UTF8.self)
    }
}
