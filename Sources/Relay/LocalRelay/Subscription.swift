import NostrCore

/// One open REQ on one connection (NIP-01).
///
/// Between the REQ and its EOSE the subscription is *pending*: live events that match are kept in `backlog`
/// and sent after the stored ones, so a client never sees a live event before `EOSE` or misses one that arrived
/// while the query ran.
struct Subscription: Sendable {
    let id: String
    let filters: [Filter]
    /// Live events that arrived while the stored ones were being queried; nil once live.
    var backlog: [Event]?

    init(id: String, filters: [Filter]) {
        self.id = id
        self.filters = filters
        backlog = []
    }

    /// Whether any filter matches. `limit` only shapes the stored query (NIP-01), so it is ignored here.
    func matches(_ event: Event) -> Bool { filters.contains { $0.matches(event) } }
}
