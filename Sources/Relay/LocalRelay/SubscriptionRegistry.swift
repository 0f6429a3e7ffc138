import Synchronization
import NostrCore

/// The connections of one relay that hold at least one subscription: where a new event fans out to.
final class SubscriptionRegistry: Sendable {
    private let active = Mutex<[UInt64: RelaySession]>([:])

    /// Marks `session` as holding subscriptions (or not); called by the session when its count crosses zero.
    func setActive(_ session: RelaySession, _ isActive: Bool) {
        active.withLock { $0[session.id] = isActive ? session : nil }
    }

    /// Forgets a connection that ended.
    func remove(_ id: UInt64) { _ = active.withLock { $0.removeValue(forKey: id) } }

    /// Offers `event` to every subscribed connection; each sends it to its own matching subscriptions.
    func broadcast(_ event: Event) {
        // Copy out so no session lock is taken under the registry's.
        let sessions = active.withLock { Array($0.values) }
        for s in sessions { s.deliver(event) }
    }

    /// How many connections hold subscriptions.
    var count: Int { active.withLock { $0.count } }
}
