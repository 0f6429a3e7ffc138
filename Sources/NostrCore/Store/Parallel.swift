import Dispatch

/// Runs `body` over `0..<count` on up to `threads` threads in small chunks; results in input order.
enum Parallel {
    static func map<T: Sendable>(_ count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(threads, count / 256 + 1))
        if workers == 1 { return (0..<count).map(body) }
        let slots = Slots<T>(count)
        // Many small chunks, handed to whichever thread is free: a busy core does not hold up the batch.
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
            for i in (c * chunk)..<min(count, (c + 1) * chunk) { slots.set(i, body(i)) }
        }
        return slots.values
    }

    /// Output slots filled from several threads. `@unchecked Sendable`: each index is written by
    /// exactly one worker (disjoint chunks) and read only after `concurrentPerform` returns.
    private final class Slots<T>: @unchecked Sendable {
        private let base: UnsafeMutablePointer<T?>
        private let count: Int
        init(_ count: Int) {
            self.count = count
            base = .allocate(capacity: count)
            base.initialize(repeating: nil, count: count)
        }
        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
        func set(_ i: Int, _ v: T) { base[i] = v }
        var values: [T] { (0..<count).map { base[$0]! } }
    }
}
