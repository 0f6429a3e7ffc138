import Synchronization
import NostrCore
@testable import Relay

/// Fixed keys and a fixed clock so failures repeat.
enum Fixture {
    static let now: Int64 = 1_700_000_100
    static let alice = key(1)
    static let bob = key(2)

    static func key(_ n: UInt8) -> SecretKey {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes[31] = n
        // 1 and 2 are valid secp256k1 scalars.
        return (try? SecretKey(bytes: bytes)) ?? SecretKey.generate()
    }

    static func event(_ key: SecretKey = alice, kind: Kind = 1, content: String = "gm", tags: [Tag] = [],
                      at: Int64 = now - 50) throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: at, kind: kind, tags: tags, content: content).sign(with: key)
    }

    /// `event` with its signature's last byte flipped.
    static func forged(_ event: Event) -> Event {
        var sig = event.sig
        sig[63] ^= 1
        return Event(id: event.id, pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
                     content: event.content, sig: sig)
    }

    /// A NIP-42 answer to `challenge` for `relay`.
    static func auth(_ key: SecretKey = alice, challenge: String, relay: String, at: Int64 = now) throws -> Event {
        try event(key, kind: .clientAuth, content: "", tags: [["relay", relay], ["challenge", challenge]], at: at)
    }
}

/// Collects what a session sends, parsed back with the wire codec.
final class Outbox: Sendable {
    private let messages = Mutex<[RelayMessage]>([])
    private let open = Atomic<Bool>(true)

    var output: @Sendable ([UInt8]) -> Bool {
        { [self] bytes in
            guard open.load(ordering: .relaxed) else { return false }
            let m = (try? RelayMessage(json: bytes)) ?? .notice("UNPARSABLE \(String(decoding: bytes, as: UTF8.self))")
            messages.withLock { $0.append(m) }
            return true
        }
    }

    /// Everything sent since the last call.
    func take() -> [RelayMessage] { messages.withLock { m in defer { m = [] }; return m } }

    /// Makes the output report a closed connection.
    func close() { open.store(false, ordering: .relaxed) }
}

/// A brute-force storage for the sans-IO tests, with a hook that runs inside the next query.
final class TestStorage: LocalRelayStorage {
    private let events = Mutex<[Event]>([])
    private let hook = Mutex<(@Sendable () -> Void)?>(nil)

    static func make() throws -> TestStorage { TestStorage() }

    /// Runs once, inside the next `query`, after it has read the events.
    var beforeQuery: (@Sendable () -> Void)? {
        get { hook.withLock { $0 } }
        set { hook.withLock { $0 = newValue } }
    }

    func save(verified event: Event) throws -> LocalRelayStorageOutcome {
        events.withLock { all in
            if all.contains(where: { $0.id == event.id }) { return .duplicate }
            all.append(event)
            return .stored
        }
    }

    func query(_ filters: [Filter]) throws -> [Event] {
        let all = events.withLock { $0 }.sorted { ($0.createdAt, $1.id) > ($1.createdAt, $0.id) }
        // After the snapshot, like an event committed while a real query reads.
        if let h = hook.withLock({ h in defer { h = nil }; return h }) { h() }
        var out: [Event] = []
        for f in filters {
            for e in all.filter(f.matches).prefix(f.limit ?? .max) where !out.contains(e) { out.append(e) }
        }
        return out.sorted { ($0.createdAt, $1.id) > ($1.createdAt, $0.id) }
    }

    func count(_ filters: [Filter]) throws -> Int {
        events.withLock { all in all.filter { e in filters.contains { $0.matches(e) } }.count }
    }
}
