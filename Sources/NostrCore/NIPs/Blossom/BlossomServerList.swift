/// A user's Blossom server list (BUD-03, kind 10063): `server` tags, most trusted first.
/// https://github.com/hzrd149/blossom/blob/master/buds/03.md
public struct BlossomServerList: Sendable, Hashable {
    /// Server URLs (with `http://` or `https://`), in preference order, without duplicates.
    public let servers: [String]

    public init(servers: [String]) {
        var seen = Set<String>()
        self.servers = servers.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The list in a kind-10063 event; empty for other kinds.
    public init(event: Event) {
        self.init(servers: event.kind == .blossomServerList ? event.tagValues("server") : [])
    }

    /// The kind-10063 event to sign.
    public func unsignedEvent(pubkey: PublicKey, createdAt: Int64) -> UnsignedEvent {
        UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: .blossomServerList,
                      tags: servers.map { ["server", $0] }, content: "")
    }
}
