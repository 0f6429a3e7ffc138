import NostrCore
import Synchronization

/// The outbox model (NIP-65): read an author's notes from the relays they write to, deliver an event to the read
/// relays of everyone it mentions, publish to one's own write relays. Relay lists (kind 10002) come from the
/// pool's store when it has them, else from `indexers`, and are cached (newest `created_at` wins).
/// https://github.com/nostr-protocol/nips/blob/master/65.md
public final class Outbox: Sendable {
    /// The pool that does the talking.
    public let pool: RelayPool
    /// Relays asked for relay lists (e.g. wss://purplepag.es), and the fallback for users without one.
    public let indexers: [RelayURL]
    /// At most this many relays per user, so a user listing twenty relays does not cost twenty connections.
    public let maxRelaysPerUser: Int
    private let cache = Mutex<[PublicKey: Event]>([:])

    /// An outbox router over `pool`.
    public init(pool: RelayPool, indexers: [RelayURL], maxRelaysPerUser: Int = 3) {
        self.pool = pool
        self.indexers = indexers
        self.maxRelaysPerUser = max(1, maxRelaysPerUser)
    }

    /// Takes a kind-10002 event seen anywhere (kept only when newer than the one cached; also stored).
    public func remember(_ event: Event) {
        guard event.kind == .relayList else { return }
        let newer = cache.withLock { c -> Bool in
            if let old = c[event.pubkey], old.createdAt >= event.createdAt { return false }
            c[event.pubkey] = event
            return true
        }
        if newer { RelayPool.save(event, to: pool.store, log: pool.options.log) }
    }

    /// The relay lists of `users`: from the cache, then the store, then one query to the indexers for the rest.
    public func relayLists(of users: [PublicKey]) async -> [PublicKey: RelayList] {
        var found: [PublicKey: Event] = [:]
        var missing: [PublicKey] = []
        for user in Set(users) {
            if let e = cache.withLock({ $0[user] }) ?? (try? pool.store?.latestReplaceable(kind: .relayList, author: user)) ?? nil {
                found[user] = e
            } else {
                missing.append(user)
            }
        }
        if !missing.isEmpty, !indexers.isEmpty {
            let result = await pool.query([Filter(authors: missing.sorted(), kinds: [.relayList])], on: indexers)
            for e in result.events where e.kind == .relayList {
                if let old = found[e.pubkey], old.createdAt >= e.createdAt { continue }
                found[e.pubkey] = e
            }
        }
        for e in found.values { remember(e) }
        return found.mapValues { RelayList(event: $0) }
    }

    /// The relay list of one user (nil when none is known).
    public func relayList(of user: PublicKey) async -> RelayList? {
        await relayLists(of: [user])[user]
    }

    /// Where `user` publishes (their write relays), or the indexers when they have no list.
    public func writeRelays(of user: PublicKey) async -> [RelayURL] {
        pick(await relayList(of: user)?.writeRelays)
    }

    /// Where `user` reads mentions (their read relays), or the indexers when they have no list.
    public func readRelays(of user: PublicKey) async -> [RelayURL] {
        pick(await relayList(of: user)?.readRelays)
    }

    /// Splits `filter` by author: each relay gets the filter narrowed to the authors who write there. A filter
    /// without authors goes unchanged to `fallback`.
    public func route(_ filter: Filter, fallback: [RelayURL]) async -> [RelayURL: Filter] {
        guard let authors = filter.authors, !authors.isEmpty else {
            return Dictionary(uniqueKeysWithValues: RelayPool.unique(fallback).map { ($0, filter) })
        }
        let lists = await relayLists(of: authors)
        var byRelay: [RelayURL: [PublicKey]] = [:]
        let otherwise = fallback.isEmpty ? indexers : RelayPool.unique(fallback)
        for author in authors {
            let relays = lists[author].map { pick($0.writeRelays) } ?? []
            for r in (relays.isEmpty ? otherwise : relays) { byRelay[r, default: []].append(author) }
        }
        return byRelay.mapValues { a in
            var f = filter
            f.authors = a
            return f
        }
    }

    /// Runs `filter` where its authors write (see `route`); distinct events newest first.
    public func query(_ filter: Filter, fallback: [RelayURL] = []) async -> PoolQueryResult {
        let routes = await route(filter, fallback: fallback)
        var total = PoolQueryResult(events: [], failures: [:])
        var seen = Set<EventID>()
        await withTaskGroup(of: PoolQueryResult.self) { group in
            for (relay, f) in routes { group.addTask { await self.pool.query([f], on: [relay]) } }
            for await r in group {
                for e in r.events where seen.insert(e.id).inserted { total.events.append(e) }
                total.failures.merge(r.failures) { a, _ in a }
            }
        }
        total.events.sort { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id < $1.id }
        return total
    }

    /// Where `event` should go: its author's write relays and the read relays of every user it tags with `p`.
    public func publishTargets(for event: Event) async -> [RelayURL] {
        let mentioned = event.tagValues("p").compactMap { try? PublicKey(hex: $0) }.filter { $0 != event.pubkey }
        let lists = await relayLists(of: [event.pubkey] + mentioned)
        var targets = pick(lists[event.pubkey]?.writeRelays)
        for user in mentioned { targets += pick(lists[user]?.readRelays) }
        return RelayPool.unique(targets)
    }

    /// Publishes `event` to its outbox targets plus `extra` relays.
    public func publish(_ event: Event, extra: [RelayURL] = []) async -> [PublishOutcome] {
        await pool.publish(event, to: await publishTargets(for: event) + extra)
    }

    /// Up to `maxRelaysPerUser` valid URLs from a list, or the indexers when there is no list.
    private func pick(_ list: [String]?) -> [RelayURL] {
        guard let list else { return indexers }
        let urls = RelayPool.unique(list.compactMap { try? RelayURL($0) })
        return Array(urls.prefix(maxRelaysPerUser))
    }
}
