import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs work on several threads of its own.
enum Parallel {
    /// Runs `body` over `0..<count` on up to `threads` threads in small chunks; results in input order.
    static func map<T: Sendable>(_ count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(threads, count / 256 + 1))
        if workers == 1 { return (0..<count).map(body) }
        let slots = Slots<T>(count)
        // Many small chunks, handed to whichever thread is free: a busy core does not hold up the batch.
        let chunk = 64
        let next = Atomic<Int>(0)
        run(workers) { _ in
            while true {
                let lower = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard lower < count else { return }
                for i in lower..<min(count, lower + chunk) { slots.set(i, body(i)) }
            }
        }
        return slots.values
    }

    /// Runs `body(0)` on the calling thread and `body(1)`…`body(workers - 1)` on threads started for
    /// them, and returns when all have.
    ///
    /// Not `concurrentPerform`: Dispatch sizes its pool to the cores and counts every pool thread as
    /// busy, so beside an import's writer thread (itself on the pool) a two-core machine verified a
    /// whole import on the calling thread alone while the writer sat idle half the time. Threads of
    /// our own leave the sharing to the kernel's scheduler.
    static func run(_ workers: Int, _ body: @Sendable (Int) -> Void) {
        #if canImport(Glibc)
        guard workers > 1 else { body(0); return }
        withoutActuallyEscaping(body) { body in
            var started: [pthread_t] = []
            for w in 1..<workers {
                let job = Unmanaged.passRetained(Job { body(w) }).toOpaque()
                var thread = pthread_t()
                let rc = pthread_create(&thread, nil, { context in
                    // Balanced with the passRetained above.
                    if let context { Unmanaged<Job>.fromOpaque(context).takeRetainedValue().work() }
                    return nil
                }, job)
                if rc == 0 {
                    started.append(thread)
                } else {
                    // No thread (resource limits): do its share here rather than fail.
                    Unmanaged<Job>.fromOpaque(job).release()
                    body(w)
                }
            }
            body(0)
            for thread in started { pthread_join(thread, nil) }
        }
        #else
        DispatchQueue.concurrentPerform(iterations: max(1, workers), execute: body)
        #endif
    }

    /// One thread's work. `@unchecked Sendable`: it only wraps a `@Sendable` closure, which `run`
    /// keeps alive until the thread is joined.
    private final class Job: @unchecked Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    /// Output slots filled from several threads. `@unchecked Sendable`: each index is written by
    /// exactly one worker (disjoint chunks) and read only after every worker returned.
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
