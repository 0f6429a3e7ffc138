import NostrCore

extension RelayPool {
    /// Walks `filter` backwards in time on every relay: pages of `filter.limit` (default 500) events, each page asking
    /// `until` the oldest event of the previous one, until a relay returns fewer than a page (or nothing new).
    /// Events are deduplicated across pages and relays; `messages` ends when every relay is exhausted or failed.
    public func paginate(_ filter: Filter, on urls: [RelayURL]) -> PoolSubscription {
        let (stream, continuation) = AsyncStream<PoolMessage>.makeStream()
        let seen = SeenIDs()
        let page = max(1, filter.limit ?? 500)
        let parts = Self.unique(urls).map { ($0, connection($0)) }
        let store = self.store
        let log = options.log
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (url, conn) in parts {
                    group.addTask {
                        var f = filter
                        f.limit = page
                        // Ids this relay already returned: a page boundary repeats the events of its oldest second.
                        var mine = Set<EventID>()
                        do {
                            while !Task.isCancelled {
                                let sub = try await conn.subscribe([f], closeOnEOSE: true)
                                var count = 0
                                var fresh = 0
                                var oldest: Int64?
                                for try await case let .event(e) in sub.messages {
                                    count += 1
                                    oldest = min(oldest ?? e.createdAt, e.createdAt)
                                    guard mine.insert(e.id).inserted else { continue }
                                    fresh += 1
                                    guard seen.insert(e.id) else { continue }
                                    Self.save(e, to: store, log: log)
                                    continuation.yield(.event(e, relay: url))
                                }
                                guard count >= page, let oldest else { break }
                                // A full page of events all from one second cannot be walked past by `until` alone.
                                let next = fresh == 0 ? oldest - 1 : oldest
                                if let since = f.since, next < since { break }
                                f.until = next
                            }
                            continuation.yield(.eose(relay: url))
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
}
