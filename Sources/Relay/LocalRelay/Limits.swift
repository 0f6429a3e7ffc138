/// What one `LocalRelay` allows a connection; published in its NIP-11 `limitation` object.
public struct LocalRelayLimits: Sendable, Hashable {
    /// Open subscriptions per connection; a REQ past it gets `CLOSED`.
    public var maxSubscriptions = 20
    /// Filters in one REQ or COUNT; more gets `CLOSED`.
    public var maxFilters = 10
    /// The largest `limit` a filter may ask for; larger ones (and filters without one) are clamped to it (NIP-11).
    public var maxLimit = 5000
    /// The largest incoming message in bytes; a bigger one closes the connection with 1009.
    public var maxMessageLength = 1 << 20
    /// Bytes that may wait for one slow reader; past it the connection is closed (1008) instead of growing memory.
    public var maxOutboundBytes = 8 << 20
    /// Bytes of stored events one REQ may answer before its `EOSE`; the rest is left for the client to page
    /// with `until` (NIP-01 allows fewer than `limit`). Kept under `maxOutboundBytes` so a large answer to a
    /// reading client never trips the slow-reader cut-off.
    public var maxStoredReplyBytes = 4 << 20
    /// How far an AUTH event's `created_at` may be from now, in seconds (NIP-42 suggests ~10 minutes).
    public var authWindow: Int64 = 600
    /// Connections the server accepts at once.
    public var maxConnections = 10_000

    /// The defaults.
    public init() {}
}
