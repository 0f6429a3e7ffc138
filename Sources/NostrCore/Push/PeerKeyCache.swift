/// What a local account remembers about a long-lived peer (a push server, a DM sender): the key parsed
/// for signature checks and ECDH, and their NIP-44 conversation key. Secret: kept in memory only and
/// never printed (`ConversationKey` redacts itself).
struct PeerKeys: Sendable {
    let parsed: ParsedPublicKey
    let conversationKey: NIP44.ConversationKey
}

/// A bounded, least-recently-used-first cache of `PeerKeys`, in two generations: lookups and inserts go
/// to the recent one; when it holds half the capacity it becomes the older one and the previous older one
/// is dropped. A peer used within the last `capacity / 2` insertions is never evicted, every operation is
/// O(1), and at most `capacity` peers are held, however many one-time keys a stream brings.
struct PeerKeyCache: Sendable {
    let capacity: Int
    private var recent: [PublicKey: PeerKeys] = [:]
    private var older: [PublicKey: PeerKeys] = [:]

    /// A cache of at most `capacity` peers (at least 2).
    init(capacity: Int) {
        self.capacity = max(2, capacity)
    }

    /// The peer's keys, refreshed as recently used; nil when not held.
    mutating func get(_ key: PublicKey) -> PeerKeys? {
        if let hit = recent[key] { return hit }
        guard let hit = older.removeValue(forKey: key) else { return nil }
        insert(key, hit)
        return hit
    }

    /// Remembers the peer's keys, dropping the older generation when the recent one is full.
    mutating func insert(_ key: PublicKey, _ keys: PeerKeys) {
        if recent[key] == nil, recent.count >= capacity / 2 {
            older = recent
            recent = [:]
            recent.reserveCapacity(capacity / 2)
        }
        recent[key] = keys
    }

    /// How many peers are held.
    var count: Int { recent.count + older.count }
}
