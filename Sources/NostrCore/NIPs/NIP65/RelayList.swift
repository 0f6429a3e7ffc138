/// NIP-65 relay list metadata (kind 10002). https://github.com/nostr-protocol/nips/blob/master/65.md
public struct RelayList: Sendable, Hashable {
    /// How a user uses one relay.
    public enum Usage: String, Sendable, Hashable {
        case read, write, both
    }

    /// One `r` tag: a relay URL and its marker.
    public struct Entry: Sendable, Hashable {
        public let url: String
        public let usage: Usage
        public init(url: String, usage: Usage = .both) {
            self.url = url
            self.usage = usage
        }
    }

    /// The relays in tag order, each once (the first marker seen wins).
    public let entries: [Entry]

    /// A list from entries; later duplicates of a URL are dropped.
    public init(_ entries: [Entry]) {
        var seen = Set<String>()
        self.entries = entries.filter { !$0.url.isEmpty && seen.insert($0.url).inserted }
    }

    /// The list in a kind-10002 event; `r` tags with an unknown marker are skipped, other kinds give an empty list.
    public init(event: Event) {
        guard event.kind == .relayList else {
            self.init([])
            return
        }
        self.init(tags: event.tags)
    }

    /// The list in a set of tags (`["r", url]`, `["r", url, "read"|"write"]`).
    public init(tags: [Tag]) {
        var entries = [Entry]()
        for tag in tags where tag.name == "r" {
            guard let url = tag.value else { continue }
            switch tag[2] {
            case nil, "": entries.append(Entry(url: url, usage: .both))
            case "read": entries.append(Entry(url: url, usage: .read))
            case "write": entries.append(Entry(url: url, usage: .write))
            default: continue
            }
        }
        self.init(entries)
    }

    /// Relays the user reads mentions from (marker `read` or none): where to send events that tag them.
    public var readRelays: [String] { entries.filter { $0.usage != .write }.map(\.url) }
    /// Relays the user writes to (marker `write` or none): where to fetch their events.
    public var writeRelays: [String] { entries.filter { $0.usage != .read }.map(\.url) }

    /// The `r` tags, without a marker for relays used both ways.
    public var tags: [Tag] {
        entries.map { e in e.usage == .both ? ["r", e.url] : ["r", e.url, e.usage.rawValue] }
    }

    /// The kind-10002 event to sign.
    public func unsignedEvent(pubkey: PublicKey, createdAt: Int64) -> UnsignedEvent {
        UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: .relayList, tags: tags, content: "")
    }
}
