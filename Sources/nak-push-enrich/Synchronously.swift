import Dispatch
import Synchronization

/// Runs async work from synchronous code, on the calling thread. With local keys and no `fetchMissing`
/// the enricher never really suspends, so `Task.immediate` has finished it by the time it returns: no
/// executor thread is started (an async `main` parks the main thread and starts one, which a cold start
/// on a busy core waits for) and a stream's payloads do not hop between threads. Should the work suspend
/// after all, it resumes on the global executor and this thread waits for it.
enum Synchronously {
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let outcome = Outcome<T>()
        Task.immediate { outcome.finish(await operation()) }
        return outcome.wait()
    }

    /// The operation's result, handed from the task to the waiting thread.
    private final class Outcome<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: T) {
            value.withLock { $0 = result }
            done.signal()
        }

        func wait() -> T {
            done.wait()
            guard let result = value.withLock({ $0.take() }) else { preconditionFailure("signalled without a result") }
            return result
        }
    }
}
