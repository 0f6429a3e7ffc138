import Synchronization

/// Verifies many events on several threads, parsing each author's key once per thread, or once across calls
/// that share a `ParsedKeyCache`.
public struct BatchVerifier {
    /// One result per event, in order: nil when the event verifies, else why not. `keys` keeps parsed
    /// author keys across calls (an import's batches).
    public static func verify(_ events: [Event], threads: Int = EventStore.cores, keys shared: ParsedKeyCache? = nil) -> [EventError?] {
        let n = events.count
        guard n > 0 else { return [] }
        let workers = max(1, min(threads, n / 64 + 1))
        var results = [EventError?](repeating: nil, count: n)
        // Workers take small chunks from a shared counter rather than one fixed slice each: when another
        // thread (an import's writer) shares a core, a fixed slice would leave the batch waiting on it.
        let next = Atomic<Int>(0)
        let chunk = 32
        results.withUnsafeMutableBufferPointer { out in
            // Each chunk is claimed by exactly one worker, so writes to the buffer are disjoint.
            nonisolated(unsafe) let out = out
            Parallel.run(workers) { _ in
                var keys: [PublicKey: ParsedPublicKey?] = [:]
                while true {
                    let lower = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard lower < n else { return }
                    for i in lower..<min(n, lower + chunk) { out[i] = check(events[i], keys: &keys, shared: shared) }
                }
            }
        }
        return results
    }

    private static func check(_ e: Event, keys: inout [PublicKey: ParsedPublicKey?], shared: ParsedKeyCache?) -> EventError? {
        let parsed: ParsedPublicKey?
        if let cached = keys[e.pubkey] {
            parsed = cached
        } else {
            parsed = if let shared { shared.parsed(e.pubkey) } else { try? ParsedPublicKey(e.pubkey) }
            keys[e.pubkey] = .some(parsed)
        }
        do throws(EventError) {
            guard let parsed else {
                try e.verifyID()
                return .invalidSignature
            }
            try e.verify(using: parsed)
            return nil
        } catch {
            return error
        }
    }
}
