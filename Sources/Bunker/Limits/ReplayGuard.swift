import NostrCore
import Synchronization

/// Drops requests that are stale or already handled: 46.md requests are ephemeral, so a relay replaying
/// an old one (or an attacker re-sending a captured one) must not make the bunker sign again.
public final class ReplayGuard: Sendable {
    /// How old (or how far in the future) a request may be, in seconds.
    public let window: Int64
    private let seen = Mutex<(ids: Set<EventID>, order: [(EventID, Int64)])>((Set(), []))

    /// A guard accepting events within `window` seconds of now (default one minute).
    public init(window: Int64 = 60) { self.window = window }

    /// Whether `event` is fresh at `now` and not seen before; remembers it when it is.
    public func accept(_ event: Event, now: Int64) -> Bool {
        guard abs(now - event.createdAt) <= window else { return false }
        return seen.withLock { s in
            // Ids older than the window can go: their events are refused by age anyway.
            var drop = 0
            while drop < s.order.count, s.order[drop].1 < now - window { s.ids.remove(s.order[drop].0); drop += 1 }
            if drop > 0 { s.order.removeFirst(drop) }
            guard s.ids.insert(event.id).inserted else { return false }
            s.order.append((event.id, now))
            return true
        }
    }
}
