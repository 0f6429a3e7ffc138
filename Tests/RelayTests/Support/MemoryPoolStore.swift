import NostrCore
import Relay
import Synchronization

/// A `PoolStore` in a dictionary, to see what a pool saves.
final class MemoryPoolStore: PoolStore {
    private let events = Mutex<[EventID: Event]>([:])
    let saves = Atomic<Int>(0)

    func save(_ event: Event) throws {
        saves.add(1, ordering: .relaxed)
        events.withLock { $0[event.id] = event }
    }

    func latest(kind: Kind, author: PublicKey) throws -> Event? {
        events.withLock { e in e.values.filter { $0.kind == kind && $0.pubkey == author }.max { $0.createdAt < $1.createdAt } }
    }

    var all: [Event] { events.withLock { Array($0.values) } }
}
