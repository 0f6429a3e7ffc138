extension EventStore {
    /// The events matching any of `filters` (NIP-01): newest first, then lowest id; each filter's
    /// `limit` caps what it contributes. Expired events (NIP-40) are never returned.
    public func query(_ filters: [Filter], now: Int64? = nil) throws(StoreError) -> [Event] {
        var out: [Event] = []
        for raw in try queryRaw(filters, now: now) {
            do { out.append(try Event(json: raw)) } catch { throw .corrupt(what: "stored event JSON does not parse: \(error)") }
        }
        return out
    }

    /// `query`, but the stored JSON of each event, exactly as it was received.
    public func queryRaw(_ filters: [Filter], now: Int64? = nil) throws(StoreError) -> [[UInt8]] {
        let now = now ?? Self.now()
        return try reading { (db: SQLiteConnection) throws(StoreError) -> [[UInt8]] in
            var rows: [StoredRow] = []
            var seen = Set<Int64>()
            for f in filters {
                for row in try db.matching(f, now: now) where seen.insert(row.rid).inserted { rows.append(row) }
            }
            if filters.count > 1 { rows.sort(by: StoredRow.newestFirst) }
            return rows.map(\.raw)
        }
    }

    /// How many stored events match any of `filters` (NIP-45); limits are ignored.
    public func count(_ filters: [Filter], now: Int64? = nil) throws(StoreError) -> Int {
        let now = now ?? Self.now()
        return try reading { (db: SQLiteConnection) throws(StoreError) -> Int in
            var parts: [FilterSQL] = []
            for f in filters {
                let q = try db.filterSQL(f, columns: "e.rid", now: now)
                if q.canMatch { parts.append(q) }
            }
            guard !parts.isEmpty else { return 0 }
            let sql = "SELECT COUNT(*) FROM (" + parts.map(\.select).joined(separator: " UNION ") + ")"
            return Int(try db.scalar(sql, parts.flatMap(\.args))?.int64 ?? 0)
        }
    }

    /// The stored event with this id, unless it has expired.
    public func event(id: EventID, now: Int64? = nil) throws(StoreError) -> Event? {
        var f = Filter()
        f.ids = [id]
        return try query([f], now: now).first
    }

    /// Deletes every stored event matching `filter` (its limit respected); returns how many.
    /// Unlike a NIP-09 request this remembers nothing: the same events may be saved again.
    @discardableResult
    public func delete(_ filter: Filter) throws(StoreError) -> Int {
        // Expired events are matched too (now = Int64.min), so a delete really empties what it names.
        let limit = filter.limit.map { " LIMIT \($0)" } ?? ""
        return try writing { (db: SQLiteConnection) throws(StoreError) -> Int in
            let sql = try db.filterSQL(filter, columns: "e.rid", now: .min)
            guard sql.canMatch else { return 0 }
            let rids = try db.rows("\(sql.select) \(sql.order)\(limit)", sql.args).compactMap { $0.first?.int64 }
            for rid in rids { try db.removeEvent(rid: rid) }
            return rids.count
        }
    }

    /// Deletes events whose NIP-40 expiration has passed; returns how many.
    @discardableResult
    public func purgeExpired(now: Int64? = nil) throws(StoreError) -> Int {
        let now = now ?? Self.now()
        return try writing { (db: SQLiteConnection) throws(StoreError) -> Int in
            let rids = try db.rows("SELECT rid FROM events WHERE expiration IS NOT NULL AND expiration <= ?", [.integer(now)])
                .compactMap { $0.first?.int64 }
            for rid in rids { try db.removeEvent(rid: rid) }
            return rids.count
        }
    }
}

/// One matched row: enough to merge several filters' results in NIP-01 order.
struct StoredRow {
    let rid: Int64
    let createdAt: Int64
    let id: [UInt8]
    let raw: [UInt8]

    static func newestFirst(_ a: StoredRow, _ b: StoredRow) -> Bool {
        a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id.lexicographicallyPrecedes(b.id)
    }
}

extension SQLiteConnection {
    /// The rows one filter selects, in NIP-01 order, at most `limit`.
    func matching(_ filter: Filter, now: Int64) throws(StoreError) -> [StoredRow] {
        // The ordered query carries no `raw`: SQLite's sorter would copy every candidate's JSON
        // (contact lists are tens of KB) only to drop most of it at LIMIT. The JSON of the rows that
        // made it is then read by rowid.
        let q = try filterSQL(filter, columns: "e.rid, e.created_at, e.id", now: now)
        guard q.canMatch else { return [] }
        var sql = "\(q.select) \(q.order)"
        var args = q.args
        if let limit = filter.limit {
            sql += " LIMIT ?"
            args.append(.integer(Int64(limit)))
        }
        let s = try prepare(sql)
        try s.bind(args)
        var keys: [(rid: Int64, createdAt: Int64, id: [UInt8])] = []
        do {
            defer { s.reset() }
            while try s.step() { keys.append((s.int64(0), s.int64(1), s.bytes(2))) }
        }
        // The JSON of up to `Self.rawPerStatement` rows per statement: one statement per row cost ~3 µs each
        // here, a fifth of a 50-event answer.
        var found: [Int64: [UInt8]] = [:]
        found.reserveCapacity(keys.count)
        var start = 0
        while start < keys.count {
            let end = min(keys.count, start + Self.rawPerStatement)
            let raw = try prepare("SELECT rid, raw FROM events WHERE rid IN (\(FilterSQL.marks(end - start)))")
            defer { raw.reset() }
            for k in start..<end { try raw.bind(keys[k].rid, at: Int32(k - start + 1)) }
            while try raw.step() { found[raw.int64(0)] = raw.bytes(1) }
            start = end
        }
        var out: [StoredRow] = []
        out.reserveCapacity(keys.count)
        for k in keys {
            // A row gone since the first statement (another writer) is left out, as before.
            guard let bytes = found[k.rid] else { continue }
            out.append(StoredRow(rid: k.rid, createdAt: k.createdAt, id: k.id, raw: bytes))
        }
        return out
    }

    /// The most rows whose JSON one statement reads (at most this many statement variants are cached).
    static let rawPerStatement = 50
}
