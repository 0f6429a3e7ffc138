import Dispatch
import Synchronization

/// The writing half of a file import, on its own thread so the importer prepares the next batch meanwhile.
///
/// Batches are written into one transaction until `groupBytes` of JSON have gone in (or the input ends):
/// every commit writes each page it dirtied to the WAL, and a sorted batch of tag rows dirties most of
/// the tag index, so committing per 4 MiB batch wrote that index dozens of times over. A kill loses at
/// most the group in flight; every committed group stays.
final class ImportWriter: Sendable {
    private struct State {
        var queue: [(batch: PreparedBatch, bytes: Int)] = []
        var results: [Result<[SaveResult], StoreError>] = []
        var closed = false
        /// The error that stopped the writer, for `finish` (a failed last commit has no batch to report it).
        var failure: StoreError?
    }

    private let state = Mutex(State())
    private let queued = DispatchSemaphore(value: 0)
    private let written = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts the writer thread; `groupBytes` 0 commits after every batch.
    init(store: EventStore, groupBytes: Int) {
        DispatchQueue.global().async { [self] in
            run(store: store, groupBytes: groupBytes)
            stopped.signal()
        }
    }

    /// Queues a prepared batch; `bytes` is the JSON it came from.
    func submit(_ batch: PreparedBatch, bytes: Int) {
        state.withLock { $0.queue.append((batch, bytes)) }
        queued.signal()
    }

    /// Blocks until the oldest submitted batch is written (not yet committed) and returns its results.
    func nextResults() throws(StoreError) -> [SaveResult] {
        written.wait()
        let r = state.withLock { s -> Result<[SaveResult], StoreError>? in s.results.isEmpty ? nil : s.results.removeFirst() }
        return try r?.get() ?? []
    }

    /// Commits what was written and stops the thread; throws the writer's error, if any.
    func finish() throws(StoreError) {
        state.withLock { $0.closed = true }
        queued.signal()
        stopped.wait()
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// The next queued batch, waiting for one; nil once `finish` was called and the queue is empty.
    private func take() -> (batch: PreparedBatch, bytes: Int)? {
        while true {
            queued.wait()
            let next = state.withLock { s -> (item: (batch: PreparedBatch, bytes: Int)?, closed: Bool) in
                s.queue.isEmpty ? (nil, s.closed) : (s.queue.removeFirst(), false)
            }
            if let item = next.item { return item }
            if next.closed {
                // Leave the wake-up for the next `take`: the group loop and the outer loop both ask.
                queued.signal()
                return nil
            }
        }
    }

    private func publish(_ r: Result<[SaveResult], StoreError>) {
        state.withLock { $0.results.append(r) }
        written.signal()
    }

    private func run(store: EventStore, groupBytes: Int) {
        var next = take()
        // Writes the batch in `next` and lets go of it before the importer hears of it: the importer holds
        // the batch too until it has read the results, so its thousands of objects are freed on the
        // importer's thread, not on this one (a tenth of the writer's time went to freeing them).
        func writeNext(on db: SQLiteConnection) throws(StoreError) -> (results: [SaveResult], bytes: Int) {
            guard let item = next else { return ([], 0) }
            next = nil
            return (try store.insert(item.batch, on: db), item.bytes)
        }
        while next != nil {
            do throws(StoreError) {
                try store.writing { (db: SQLiteConnection) throws(StoreError) in
                    // One tag buffer for the whole group: sorted together, the rows of a dozen batches visit
                    // each page of the tag index once instead of once per batch.
                    db.tagBuffer = TagBuffer()
                    defer { db.tagBuffer = nil }
                    var size = 0
                    while next != nil {
                        let written = try writeNext(on: db)
                        publish(.success(written.results))
                        size += written.bytes
                        guard size < groupBytes else { break }
                        next = take()
                    }
                    try db.flushTags()
                }
            } catch {
                state.withLock { $0.failure = error }
                publish(.failure(error))
                // The importer stops at the failure; drain whatever it still queues until `finish`.
                while take() != nil { publish(.failure(error)) }
                return
            }
            next = take()
        }
    }
}
