import Synchronization

/// A token bucket per client: `burst` requests at once, then `perSecond` refilled. A client over the
/// limit gets an error reply instead of work (signing is cheap, but a flood would fill the audit log).
public final class RateLimiter<Key: Hashable & Sendable>: Sendable {
    /// Requests a client may send at once.
    public let burst: Double
    /// Tokens refilled per second.
    public let perSecond: Double
    private let buckets = Mutex<[Key: (tokens: Double, at: Double)]>([:])
    private static var maxClients: Int { 10_000 }

    /// A limiter; the defaults allow 20 at once and 5 per second after that.
    public init(burst: Int = 20, perSecond: Double = 5) {
        self.burst = Double(burst)
        self.perSecond = perSecond
    }

    /// Takes one token for `key` at time `now` (seconds, any monotonic origin); false when none is left.
    public func allow(_ key: Key, now: Double) -> Bool {
        buckets.withLock { b in
            if b.count >= Self.maxClients, b[key] == nil {
                // Forget clients whose buckets are full again: they are indistinguishable from new ones.
                b = b.filter { min(burst, $0.value.tokens + (now - $0.value.at) * perSecond) < burst }
            }
            var entry = b[key] ?? (tokens: burst, at: now)
            entry.tokens = min(burst, entry.tokens + max(0, now - entry.at) * perSecond)
            entry.at = now
            guard entry.tokens >= 1 else {
                b[key] = entry
                return false
            }
            entry.tokens -= 1
            b[key] = entry
            return true
        }
    }
}
