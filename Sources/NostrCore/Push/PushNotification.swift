/// What a notification extension shows for one payload: the `{"status":"notify",…}` output.
public struct PushNotification: Sendable, Hashable {
    /// Who sent it, as the notification names them.
    public struct Sender: Sendable, Hashable {
        /// The sender's key (the seal's signer for gift wraps, the zap request's author for zaps).
        public var pubkey: PublicKey
        /// `display_name`, then `name` from the cached kind 0, else a shortened npub.
        public var name: String
        /// The profile picture URL (http or https only), when the kind 0 has one.
        public var picture: String?

        /// A sender with the given parts.
        public init(pubkey: PublicKey, name: String, picture: String? = nil) {
            self.pubkey = pubkey
            self.name = name
            self.picture = picture
        }
    }

    /// The account the notification is for.
    public var account: PublicKey
    /// What kind of notification it is.
    public var category: PushCategory
    /// The title line ("NAME replied").
    public var title: String
    /// The body text, at most `PushOptions.bodyLimit` characters.
    public var body: String
    /// Groups notifications: the NIP-10 root, the DM conversation, or the reacted/zapped note.
    public var threadID: String
    /// The sender.
    public var sender: Sender
    /// The notified event (the rumor for gift-wrapped messages, the named event for a wake-up).
    public var eventID: EventID
    /// Its kind.
    public var kind: Kind
    /// Its `created_at`.
    public var createdAt: Int64
    /// The amount of a zap, in whole sats.
    public var amountSats: UInt64?

    /// A notification with the given parts.
    public init(account: PublicKey, category: PushCategory, title: String, body: String, threadID: String,
                sender: Sender, eventID: EventID, kind: Kind, createdAt: Int64, amountSats: UInt64? = nil) {
        self.account = account
        self.category = category
        self.title = title
        self.body = body
        self.threadID = threadID
        self.sender = sender
        self.eventID = eventID
        self.kind = kind
        self.createdAt = createdAt
        self.amountSats = amountSats
    }

    /// Appends the output object, keys in the documented order, absent optionals omitted.
    func appendJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"status":"notify","account":""#.utf8)
        out.append(contentsOf: account.hex.utf8)
        out.append(contentsOf: #"","category":""#.utf8)
        out.append(contentsOf: category.rawValue.utf8)
        out.append(contentsOf: #"","title":"#.utf8)
        JSONWriter.appendString(title, to: &out)
        out.append(contentsOf: #","body":"#.utf8)
        JSONWriter.appendString(body, to: &out)
        out.append(contentsOf: #","threadId":"#.utf8)
        JSONWriter.appendString(threadID, to: &out)
        out.append(contentsOf: #","sender":{"pubkey":""#.utf8)
        out.append(contentsOf: sender.pubkey.hex.utf8)
        out.append(contentsOf: #"","name":"#.utf8)
        JSONWriter.appendString(sender.name, to: &out)
        if let picture = sender.picture {
            out.append(contentsOf: #","picture":"#.utf8)
            JSONWriter.appendString(picture, to: &out)
        }
        out.append(contentsOf: #"},"eventId":""#.utf8)
        out.append(contentsOf: eventID.hex.utf8)
        out.append(contentsOf: #"","kind":"#.utf8)
        JSONWriter.appendInt(Int64(kind.rawValue), to: &out)
        out.append(contentsOf: #","createdAt":"#.utf8)
        JSONWriter.appendInt(createdAt, to: &out)
        if let amountSats {
            out.append(contentsOf: #","amountSats":"#.utf8)
            JSONWriter.appendInt(Int64(clamping: amountSats), to: &out)
        }
        out.append(0x7D)
    }
}
