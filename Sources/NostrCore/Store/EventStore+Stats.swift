/// What the index holds, for `nak-swift index stats` and monitoring.
public struct StoreStats: Sendable, Equatable {
    /// Stored events (expired ones not yet purged included).
    public var events = 0
    /// Distinct authors.
    public var authors = 0
    /// Indexed single-letter tag rows.
    public var tagRows = 0
    /// Remembered NIP-09 deletions (by id, and by address).
    public var deletedIDs = 0, deletedAddresses = 0
    /// Oldest and newest `created_at`, nil when empty.
    public var oldest: Int64?, newest: Int64?
    /// Events per kind, most frequent first (at most 20).
    public var topKinds: [KindCount] = []
    /// Database size in bytes (pages × page size; the WAL not included).
    public var bytes = 0

    public init() {}
}

/// How many stored events have one kind.
public struct KindCount: Sendable, Equatable {
    public let kind: Kind
    public let count: Int
}

extension EventStore {
    /// Counts what the index holds (a few full-index scans: fine for a CLI, not for a hot path).
    public func stats() throws(StoreError) -> StoreStats {
        try reading { (db: SQLiteConnection) throws(StoreError) -> StoreStats in
            var s = StoreStats()
            func int(_ sql: String) throws(StoreError) -> Int64? { try db.scalar(sql)?.int64 }
            s.events = Int(try int("SELECT COUNT(*) FROM events") ?? 0)
            s.authors = Int(try int("SELECT COUNT(DISTINCT pubkey) FROM events") ?? 0)
            s.tagRows = Int(try int("SELECT COUNT(*) FROM tags") ?? 0)
            s.deletedIDs = Int(try int("SELECT COUNT(*) FROM deleted") ?? 0)
            s.deletedAddresses = Int(try int("SELECT COUNT(*) FROM deleted_addresses") ?? 0)
            s.oldest = try int("SELECT MIN(created_at) FROM events")
            s.newest = try int("SELECT MAX(created_at) FROM events")
            s.topKinds = try db.rows("SELECT kind, COUNT(*) AS n FROM events GROUP BY kind ORDER BY n DESC, kind LIMIT 20")
                .compactMap { row in
                    guard row.count == 2, let k = row[0].int64, let n = row[1].int64 else { return nil }
                    return KindCount(kind: Kind(Int(k)), count: Int(n))
                }
            s.bytes = Int((try int("PRAGMA page_count") ?? 0) * (try int("PRAGMA page_size") ?? 0))
            return s
        }
    }
}
