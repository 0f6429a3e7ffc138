import Dispatch

/// Verifies many events on several threads, parsing each author's key once per thread.
public struct BatchVerifier {
    /// One result per event, in order: nil when the event verifies, else why not.
    public static func verify(_ events: [Event], threads: Int = EventStore.cores) -> [EventError?] {
        let n = events.count
        guard n > 0 else { return [] }
        let workers = max(1, min(threads, n / 64 + 1))
        var results = [EventError?](repeating: nil, count: n)
        results.withUnsafeMutableBufferPointer { out in
            // Workers write disjoint index ranges, so sharing the buffer is race-free.
            nonisolated(unsafe) let out = out
            let chunk = (n + workers - 1) / workers
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                let lower = w * chunk, upper = min(n, lower + chunk)
                guard lower < upper else { return }
                var keys: [PublicKey: ParsedPublicKey?] = [:]
                for i in lower..<upper {
                    out[i] = check(events[i], keys: &keys)
                }
            }
        }
        return results
    }

    private static func check(_ e: Event, keys: inout [PublicKey: ParsedPublicKey?]) -> EventError? {
        let parsed: ParsedPublicKey?
        if let cached = keys[e.pubkey] {
            parsed = cached
        } else {
            parsed = try? ParsedPublicKey(e.pubkey)
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
