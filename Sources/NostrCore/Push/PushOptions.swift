#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a `PushEnricher` filters and shapes notifications, and its one hook to the outside world.
public struct PushOptions: Sendable {
    /// Payloads older than this many seconds (by the notified event's `created_at`) are suppressed; nil keeps all.
    public var maxAge: Int64?
    /// How many recent ids are remembered to suppress duplicates.
    public var dedupeCapacity: Int
    /// Payloads larger than this are errors, before any parsing.
    public var maxPayloadBytes: Int
    /// The most characters a body has; longer text is cut and ends with "…".
    public var bodyLimit: Int
    /// How long (seconds) a profile or mute list read from the cache is reused before it is read again.
    public var cacheTTL: Int64
    /// The current Unix time (tests pin it).
    public var clock: @Sendable () -> Int64
    /// Called with filters for what the cache lacks (a sender's kind 0, a wake-up's event); returns
    /// what it found within its own time budget. Results are verified before use. nil: no network.
    public var fetchMissing: (@Sendable ([Filter]) async -> [Event])?

    /// Options with the defaults: no age limit, 1,000 ids, 256 KiB payloads, 300-character bodies, 60 s cache reuse.
    public init(maxAge: Int64? = nil, dedupeCapacity: Int = 1000, maxPayloadBytes: Int = 256 * 1024, bodyLimit: Int = 300,
                cacheTTL: Int64 = 60, clock: @escaping @Sendable () -> Int64 = { Int64(time(nil)) },
                fetchMissing: (@Sendable ([Filter]) async -> [Event])? = nil) {
        self.maxAge = maxAge
        self.dedupeCapacity = dedupeCapacity
        self.maxPayloadBytes = maxPayloadBytes
        self.bodyLimit = bodyLimit
        self.cacheTTL = cacheTTL
        self.clock = clock
        self.fetchMissing = fetchMissing
    }
}
