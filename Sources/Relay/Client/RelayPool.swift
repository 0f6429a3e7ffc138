import NostrCore
import Synchronization

/// Many relays at once: one `RelayConnection` per URL (made on first use), events deduplicated by id per
/// subscription, each id's signature verified once across relays (a shared `EventVerifier`), and every new event
/// saved to the attached store as it arrives.
public final class RelayPool: Sendable {
    /// Options every connection gets; their verifier is shared.
    public let options: RelayOptions
    /// The local index, if any.
    public let store: (any PoolStore)?
    private let transport: any WebSocketTransport
    private let relays = Mutex<[RelayURL: RelayConnection]>([:])

    /// A pool; `store` receives every new event.
    public init(options: RelayOptions = RelayOptions(), transport: any WebSocketTransport = POSIXWebSocketTransport(),
                store: (any PoolStore)? = nil) {
        self.options = options
        self.transport = transport
        self.store = store
    }

    /// The connection to `url`, created (unopened) on first use.
    public func connection(_ url: RelayURL) -> RelayConnection {
        relays.withLock { r in
            if let c = r[url] { return c }
            let c = RelayConnection(url: url, options: options, transport: transport)
            r[url] = c
            return c
        }
    }

    /// The relays this pool has connections for.
    public var urls: [RelayURL] { relays.withLock { $0.keys.sorted() } }

    /// Publishes `event` to every relay concurrently; one outcome per relay, in the order given.
    public func publish(_ event: Event, to urls: [RelayURL]) async -> [PublishOutcome] {
        let targets = Self.unique(urls)
        let results = await withTaskGroup(of: (Int, PublishOutcome).self) { group in
            for (i, url) in targets.enumerated() {
                let conn = connection(url)
                group.addTask {
                    do throws(RelayError) {
                        return (i, PublishOutcome(relay: url, result: .success(try await conn.publish(event))))
                    } catch {
                        return (i, PublishOutcome(relay: url, result: .failure(error)))
                    }
                }
            }
            var out: [(Int, PublishOutcome)] = []
            for await r in group { out.append(r) }
            return out
        }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Subscribes on every relay; with `closeOnEOSE` each relay's part ends after its EOSE, so `messages` ends
    /// once all relays sent EOSE or failed (a query). Otherwise it runs until `close()`.
    public func subscribe(_ filters: [Filter], on urls: [RelayURL], closeOnEOSE: Bool = false) -> PoolSubscription {
        let (stream, continuation) = AsyncStream<PoolMessage>.makeStream()
        let seen = SeenIDs()
        let parts = Self.unique(urls).map { ($0, connection($0)) }
        let store = self.store
        let log = options.log
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (url, conn) in parts {
                    group.addTask {
                        do {
                            let sub = try await conn.subscribe(filters, closeOnEOSE: closeOnEOSE)
                            for try await m in sub.messages {
                                switch m {
                                case let .event(e):
                                    guard seen.insert(e.id) else { continue }
                                    Self.save(e, to: store, log: log)
                                    continuation.yield(.event(e, relay: url))
                                case .eose:
                                    continuation.yield(.eose(relay: url))
                                }
                            }
                        } catch let error as RelayError {
                            continuation.yield(.failed(relay: url, error: error))
                        } catch {
                            continuation.yield(.failed(relay: url, error: .disconnected(relay: url.string, reason: "\(error)")))
                        }
                    }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return PoolSubscription(messages: stream, task: task)
    }

    /// Runs `filters` on every relay until each sent EOSE or failed; distinct events newest first.
    public func query(_ filters: [Filter], on urls: [RelayURL]) async -> PoolQueryResult {
        var result = PoolQueryResult(events: [], failures: [:])
        for await m in subscribe(filters, on: urls, closeOnEOSE: true).messages {
            switch m {
            case let .event(e, _): result.events.append(e)
            case .eose: break
            case let .failed(url, error): result.failures[url] = error
            }
        }
        result.events.sort { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id < $1.id }
        return result
    }

    /// NIP-45 counts from every relay, in the order given.
    public func count(_ filters: [Filter], on urls: [RelayURL]) async -> [(relay: RelayURL, result: Result<Int, RelayError>)] {
        let targets = Self.unique(urls)
        let results = await withTaskGroup(of: (Int, Result<Int, RelayError>).self) { group in
            for (i, url) in targets.enumerated() {
                let conn = connection(url)
                group.addTask {
                    do throws(RelayError) { return (i, .success(try await conn.count(filters))) } catch { return (i, .failure(error)) }
                }
            }
            var out: [(Int, Result<Int, RelayError>)] = []
            for await r in group { out.append(r) }
            return out
        }
        return results.sorted { $0.0 < $1.0 }.map { (targets[$0.0], $0.1) }
    }

    /// Closes every connection.
    public func close() async {
        let all = relays.withLock { r in
            defer { r = [:] }
            return Array(r.values)
        }
        await withTaskGroup(of: Void.self) { group in
            for c in all { group.addTask { await c.close() } }
        }
    }

    static func save(_ event: Event, to store: (any PoolStore)?, log: @Sendable (String) -> Void) {
        guard let store else { return }
        do { try store.saveVerified(event) } catch { log("could not store event \(event.id.hex): \(error)") }
    }

    static func unique(_ urls: [RelayURL]) -> [RelayURL] {
        var seen = Set<RelayURL>()
        return urls.filter { seen.insert($0).inserted }
    }
}

/// The ids one pool subscription delivered, bounded.
final class SeenIDs: Sendable {
    private let ids: Mutex<BoundedMap<EventID, Void>>

    init(capacity: Int = 200_000) { ids = Mutex(BoundedMap(capacity: capacity)) }

    /// False when `id` was delivered already.
    func insert(_ id: EventID) -> Bool { ids.withLock { $0.insert(id) } }
}
