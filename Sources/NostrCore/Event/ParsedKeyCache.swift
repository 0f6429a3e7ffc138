import Synchronization

/// Authors' parsed keys kept across `BatchVerifier.verify` calls.
///
/// Parsing an x-only key takes a square root (~4 µs), and an import verifies each batch afresh: with a
/// thousand authors, each thread re-parsed most of them in every batch (a fifth of the import's time
/// outside the signature checks themselves). Bounded: past `capacity` keys it starts over.
public final class ParsedKeyCache: Sendable {
    /// The most keys kept (each about 200 bytes with its dictionary slot).
    public static let capacity = 50_000
    private let keys = Mutex<[PublicKey: ParsedPublicKey?]>([:])

    public init() {}

    /// `key` parsed, or nil when it is not a curve point; parsed once while it stays cached.
    public func parsed(_ key: PublicKey) -> ParsedPublicKey? {
        if let hit = keys.withLock({ $0[key] }) { return hit }
        let parsed = try? ParsedPublicKey(key)
        keys.withLock { keys in
            if keys.count >= Self.capacity { keys.removeAll(keepingCapacity: true) }
            keys[key] = .some(parsed)
        }
        return parsed
    }
}
