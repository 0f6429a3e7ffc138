/// The parameterised SQL for one NIP-01 filter. Values are always bound, never interpolated.
struct FilterSQL {
    /// `SELECT <columns> FROM … WHERE …` without ORDER BY or LIMIT.
    var select: String
    /// The ORDER BY clause that uses the driving index.
    var order: String
    var args: [SQLValue]
    /// False when the filter can match nothing (an empty `ids`, `authors`, `kinds` or tag list).
    var canMatch: Bool

    /// Builds the query for `filter`, hiding events expired at `now` (NIP-40). `valueIDs` holds the
    /// `tag_values` ids of each tag name's values, looked up beforehand: one id bound with `=` lets
    /// SQLite walk the tag key in time order and stop at the limit, which an IN-subquery did not.
    init(_ filter: Filter, columns: String, now: Int64, valueIDs: [String: [Int64]]) {
        var conds: [String] = []
        var args: [SQLValue] = []
        canMatch = true
        var from = "events e"
        var timeColumn = "e.created_at"
        var distinct = false

        // Tag conditions only match single-letter names: only those are indexed (NIP-01).
        let tagFilters = filter.tags.sorted { $0.key < $1.key }
        for (name, values) in tagFilters where values.isEmpty || name.utf8.count != 1 { canMatch = false }
        if let first = tagFilters.first {
            // Driving from the (vid, created_at) key lets `#p … limit 50` stop early.
            from = "tags t JOIN events e ON e.rid = t.event"
            timeColumn = "t.created_at"
            let ids = valueIDs[first.key] ?? []
            conds.append(ids.count == 1 ? "t.vid = ?" : "t.vid IN (\(Self.marks(ids.count)))")
            args += ids.map { .integer($0) }
            distinct = ids.count > 1
            for (name, _) in tagFilters.dropFirst() {
                let ids = valueIDs[name] ?? []
                conds.append("e.rid IN (SELECT event FROM tags WHERE vid IN (\(Self.marks(ids.count))))")
                args += ids.map { .integer($0) }
            }
            // A value never seen in any tag matches nothing.
            for (name, _) in tagFilters where (valueIDs[name] ?? []).isEmpty { canMatch = false }
        }
        if let ids = filter.ids {
            if ids.isEmpty { canMatch = false }
            conds.append("e.id IN (\(Self.marks(ids.count)))")
            args += ids.map { .blob($0.bytes) }
        }
        if let authors = filter.authors {
            if authors.isEmpty { canMatch = false }
            conds.append("e.pubkey IN (\(Self.marks(authors.count)))")
            args += authors.map { .blob($0.bytes) }
        }
        if let kinds = filter.kinds {
            if kinds.isEmpty { canMatch = false }
            conds.append("\(tagFilters.isEmpty ? "e" : "t").kind IN (\(Self.marks(kinds.count)))")
            args += kinds.map { .integer(Int64($0.rawValue)) }
        }
        if let since = filter.since {
            conds.append("\(timeColumn) >= ?")
            args.append(.integer(since))
        }
        if let until = filter.until {
            conds.append("\(timeColumn) <= ?")
            args.append(.integer(until))
        }
        if let search = filter.search, !search.isEmpty {
            conds.append("nak_search(json_extract(e.raw, '$.content'), ?)")
            args.append(.text(search))
        }
        conds.append("(e.expiration IS NULL OR e.expiration > ?)")
        args.append(.integer(now))
        if filter.limit == 0 { canMatch = false }

        select = "SELECT \(distinct ? "DISTINCT " : "")\(columns) FROM \(from) WHERE \(conds.joined(separator: " AND "))"
        order = "ORDER BY \(timeColumn) DESC, e.id ASC"
        self.args = args
    }

    /// `?, ?, ?` for `n` values (a placeholder count, never a value).
    static func marks(_ n: Int) -> String {
        String(repeating: "?, ", count: max(n - 1, 0)) + (n > 0 ? "?" : "")
    }
}

extension SQLiteConnection {
    /// The SQL for `filter`, with its tag values looked up in `tag_values` first.
    func filterSQL(_ filter: Filter, columns: String, now: Int64) throws(StoreError) -> FilterSQL {
        var ids: [String: [Int64]] = [:]
        for (name, values) in filter.tags where name.utf8.count == 1 {
            var found: [Int64] = []
            for value in Set(values) { if let id = try storedTagValueID(name, value) { found.append(id) } }
            ids[name] = found
        }
        return FilterSQL(filter, columns: columns, now: now, valueIDs: ids)
    }
}
