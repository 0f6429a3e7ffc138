import Foundation
import Synchronization

struct DeadlineExceeded: Error, CustomStringConvertible {
    let what: String
    var description: String { "deadline exceeded: \(what)" }
}

/// Runs `body`, failing if it takes longer than `seconds`; a guard against hangs, not a wait. A body still stuck
/// at the deadline is cancelled and left behind rather than awaited, so a hang fails the test instead of the run.
func within<T: Sendable>(_ seconds: Double, _ what: String = #function, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let slot = Slot<T>()
    return try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, Error>) in
        slot.arm(c)
        let work = Task {
            do { slot.resume(.success(try await body())) } catch { slot.resume(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            slot.resume(.failure(DeadlineExceeded(what: what)))
            work.cancel()
        }
    }
}

/// A continuation resumed at most once, by whichever side finishes first.
private final class Slot<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, Error>?>(nil)
    func arm(_ c: CheckedContinuation<T, Error>) { continuation.withLock { $0 = c } }
    func resume(_ r: Result<T, Error>) { continuation.withLock { $0.take() }?.resume(with: r) }
}
