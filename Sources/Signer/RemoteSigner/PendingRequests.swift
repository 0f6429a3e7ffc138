import NostrCore
import Synchronization

/// Requests waiting for their response, by id; each resolves once (response, failure or timeout).
final class PendingRequests: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Result<NIP46Response, SignerError>, Never>
        var timer: Task<Void, Never>?
    }
    private let waiting = Mutex<[String: Waiter]>([:])

    /// Registers `id`, runs `send`, and waits for `resolve(id, …)` or `timeout`.
    func wait(_ id: String, timeout: Duration, send: @escaping @Sendable () async -> SignerError?) async -> Result<NIP46Response, SignerError> {
        await withCheckedContinuation { c in
            waiting.withLock { $0[id] = Waiter(continuation: c) }
            let seconds = Int(timeout.components.seconds)
            let timer = Task { [weak self] in
                do { try await Task.sleep(for: timeout) } catch { return }
                self?.resolve(id, .failure(.timedOut(seconds: max(seconds, 1))))
            }
            waiting.withLock { $0[id]?.timer = timer }
            Task { [weak self] in
                if let error = await send() { self?.resolve(id, .failure(error)) }
            }
        }
    }

    /// Whether `id` is waiting.
    func isWaiting(_ id: String) -> Bool { waiting.withLock { $0[id] != nil } }

    /// Resolves `id` once; later calls do nothing.
    func resolve(_ id: String, _ result: Result<NIP46Response, SignerError>) {
        guard let w = waiting.withLock({ $0.removeValue(forKey: id) }) else { return }
        w.timer?.cancel()
        w.continuation.resume(returning: result)
    }

    /// Fails every waiting request.
    func failAll(_ error: SignerError) {
        let all = waiting.withLock { w in
            defer { w.removeAll() }
            return Array(w.values)
        }
        for w in all {
            w.timer?.cancel()
            w.continuation.resume(returning: .failure(error))
        }
    }
}
