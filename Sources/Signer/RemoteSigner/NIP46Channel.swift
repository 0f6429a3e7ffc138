import NostrCore
import Relay
import Synchronization

/// Kind-24133 traffic addressed to one key on a set of relays, over a `RelayPool`: one subscription
/// (`#p` = the key, optionally only from one author) and publishing to every relay. Both the client
/// (`RemoteSigner`) and the bunker use it. Reconnects are the relay connections' own (backoff, resubscribe).
public final class NIP46Channel: Sendable {
    /// The pool carrying the traffic.
    public let pool: RelayPool
    /// The key events are addressed to.
    public let key: PublicKey
    private let state = Mutex<State>(State())

    struct State {
        var relays: [RelayURL] = []
        var subscription: PoolSubscription?
        var listener: Task<Void, Never>?
    }

    /// A channel for `key` on `relays`; nothing is opened until `start`.
    public init(pool: RelayPool, key: PublicKey, relays: [RelayURL]) {
        self.pool = pool
        self.key = key
        state.withLock { $0.relays = relays }
    }

    /// The relays in use.
    public var relays: [RelayURL] { state.withLock { $0.relays } }

    /// Parses relay texts; an invalid one is reported by name.
    public static func relayURLs(_ texts: [String]) throws(SignerError) -> [RelayURL] {
        var out: [RelayURL] = []
        for t in texts {
            do { out.append(try RelayURL(t)) } catch { throw .unreachable(relay: "\(t) (\(error))") }
        }
        return out
    }

    /// Subscribes (replacing any earlier subscription) and calls `handler` for each event, in order; returns
    /// once at least one relay sent EOSE, so an answer published after this cannot be missed (24133 is
    /// ephemeral: a relay forwards it only to subscriptions open at that moment). Throws `.unreachable`
    /// naming the relays when none could subscribe.
    public func start(author: PublicKey?, since: Int64, handler: @escaping @Sendable (Event) async -> Void) async throws(SignerError) {
        stop()
        let urls = relays
        guard !urls.isEmpty else { throw .unreachable(relay: "(no relay given)") }
        let filter = Filter(authors: author.map { [$0] }, kinds: [NIP46.kind], tags: ["p": [key.hex]], since: since)
        let sub = pool.subscribe([filter], on: urls)
        let ready = OneTimeValue<String?>()
        let listener = Task {
            var failed: [String] = []
            for await message in sub.messages {
                switch message {
                case let .event(e, _): await handler(e)
                case .eose: ready.fire(nil)
                case let .failed(relay, error):
                    failed.append("\(relay.string) (\(error))")
                    if failed.count == urls.count { ready.fire(failed.joined(separator: ", ")) }
                }
            }
            ready.fire("the subscription ended")
        }
        state.withLock {
            $0.subscription = sub
            $0.listener = listener
        }
        if let failure = await ready.wait() { throw .unreachable(relay: failure) }
    }

    /// Publishes `event` to every relay; succeeds when at least one accepted it.
    public func publish(_ event: Event) async throws(SignerError) {
        let outcomes = await pool.publish(event, to: relays)
        guard !outcomes.contains(where: \.isSuccess) else { return }
        let why = outcomes.map { o in
            switch o.result {
            case let .success(r): "\(o.relay.string) (\(r))"
            case let .failure(e): "\(e)"
            }
        }
        throw .unreachable(relay: why.isEmpty ? "(no relay)" : why.joined(separator: "; "))
    }

    /// Moves to `relays` (a `switch_relays` answer); the caller restarts the subscription.
    public func setRelays(_ relays: [RelayURL]) { state.withLock { $0.relays = relays } }

    /// Ends the subscription.
    public func stop() {
        let (sub, listener) = state.withLock { s in
            defer { s.subscription = nil; s.listener = nil }
            return (s.subscription, s.listener)
        }
        sub?.close()
        listener?.cancel()
    }

    deinit { stop() }
}

/// A value set once and awaited by one or more waiters.
final class OneTimeValue<T: Sendable>: Sendable {
    private let state = Mutex<(value: T?, waiters: [CheckedContinuation<T, Never>])>((nil, []))

    /// Sets the value (first call wins) and wakes every waiter.
    func fire(_ value: T) {
        let waiters = state.withLock { s -> [CheckedContinuation<T, Never>] in
            guard s.value == nil else { return [] }
            s.value = value
            defer { s.waiters = [] }
            return s.waiters
        }
        for w in waiters { w.resume(returning: value) }
    }

    /// The value, once set.
    func wait() async -> T {
        await withCheckedContinuation { c in
            let now: T? = state.withLock { s in
                if let v = s.value { return v }
                s.waiters.append(c)
                return nil
            }
            if let now { c.resume(returning: now) }
        }
    }
}
