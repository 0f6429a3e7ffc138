extension NIP13 {
    /// `event` with a `["nonce", n, "<difficulty>"]` tag (added, or the existing one updated) whose
    /// id has at least `difficulty` leading zero bits, searched on `threads` threads. Each extra bit
    /// doubles the expected time; above 256 nothing can succeed, so the target is capped there.
    public static func mine(_ event: UnsignedEvent, difficulty: Int, threads: Int = 1) -> UnsignedEvent {
        let target = min(max(difficulty, 0), 256)
        let index = event.tags.firstIndex { $0.name == "nonce" }
        func withNonce(_ nonce: String) -> UnsignedEvent {
            var e = event
            let tag: Tag = ["nonce", nonce, String(target)]
            if let index { e.tags[index] = tag } else { e.tags.append(tag) }
            return e
        }
        // Two serializations differing only in a one-digit nonce locate the digits; everything
        // before and after them is fixed for the whole search.
        let a = withNonce("0").serialization, b = withNonce("1").serialization
        guard a.count == b.count, let at = a.indices.first(where: { a[$0] != b[$0] }) else {
            preconditionFailure("NIP-13: nonce not found in the event serialization")
        }
        let nonce = searchNonce(prefix: Array(a[..<at]), suffix: Array(a[(at + 1)...]), difficulty: target, threads: threads)
        return withNonce(String(nonce))
    }
}
