/// A classified notification before the suppression checks and name lookups.
struct PushDraft: Sendable {
    /// How the title is phrased around the sender's name.
    enum Title: Sendable {
        case name, replied, mentioned, reacted(String), reposted, zapped(sats: UInt64), wake

        func text(_ name: String) -> String {
            switch self {
            case .name: name
            case .replied: "\(name) replied"
            case .mentioned: "\(name) mentioned you"
            case let .reacted(emoji): "\(name) reacted \(emoji)"
            case .reposted: "\(name) reposted your note"
            case let .zapped(sats): "⚡ \(sats) \(sats == 1 ? "sat" : "sats") from \(name)"
            case .wake: "New activity from \(name)"
            }
        }
    }

    var account: PushAccount
    var category: PushCategory
    var title: Title
    /// The body before mentions are rendered and it is cut to length.
    var body: String
    /// Whether `nostr:` mentions in `body` become @names (notes and reactions; a DM is shown as written).
    var renderMentions = true
    var threadID: String
    var sender: PublicKey
    var eventID: EventID
    var kind: Kind
    var createdAt: Int64
    var amountSats: UInt64?
    /// Ids that a muted thread (`e`) suppresses.
    var muteThreads: [EventID] = []
    /// Text matched against muted words.
    var muteText: String = ""
    /// Hashtags matched against muted `t` tags.
    var hashtags: [String] = []
}
