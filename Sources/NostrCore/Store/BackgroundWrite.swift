import Dispatch
import Synchronization

/// One `EventStore.commit` running on another thread, so the importer can prepare the next batch meanwhile.
final class BackgroundWrite: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<[SaveResult], StoreError>?>(nil)

    init(store: EventStore, batch: PreparedBatch) {
        DispatchQueue.global().async { [self] in
            let r: Result<[SaveResult], StoreError>
            do throws(StoreError) { r = .success(try store.commit(batch)) } catch { r = .failure(error) }
            outcome.withLock { $0 = r }
            done.signal()
        }
    }

    /// Blocks until the transaction has committed (or failed) and returns its results.
    func wait() throws(StoreError) -> [SaveResult] {
        done.wait()
        guard let r = outcome.withLock({ $0 }) else { return [] }
        return try r.get()
    }
}
