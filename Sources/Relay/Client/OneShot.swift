import Synchronization

/// A value set once (the first `fulfill` wins) that any number of tasks can await: how a relay's answer
/// (`OK`, `COUNT`, an auth result) meets the task that asked, whichever of answer and timeout comes first.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [CheckedContinuation<Value, Never>] = []
    }

    private let state = Mutex(State())

    /// Sets the value and wakes every waiter; later calls are ignored. Returns whether this call set it.
    @discardableResult
    func fulfill(_ value: Value) -> Bool {
        let waiters = state.withLock { s -> [CheckedContinuation<Value, Never>]? in
            guard s.value == nil else { return nil }
            s.value = value
            defer { s.waiters = [] }
            return s.waiters
        }
        guard let waiters else { return false }
        for w in waiters { w.resume(returning: value) }
        return true
    }

    /// Whether a value was set.
    var isFulfilled: Bool { state.withLock { $0.value != nil } }

    /// Waits for the value.
    var value: Value {
        get async {
            await withCheckedContinuation { (c: CheckedContinuation<Value, Never>) in
                let ready = state.withLock { s -> Value? in
                    if let v = s.value { return v }
                    s.waiters.append(c)
                    return nil
                }
                if let ready { c.resume(returning: ready) }
            }
        }
    }

    /// Fulfills with `value` after `delay` unless fulfilled before; cancel the task when done to free it early.
    func fulfill(_ value: @autoclosure @escaping @Sendable () -> Value, after delay: Duration) -> Task<Void, Never> {
        Task { [weak self] in
            do { try await Task.sleep(for: delay) } catch { return }
            self?.fulfill(value())
        }
    }
}
