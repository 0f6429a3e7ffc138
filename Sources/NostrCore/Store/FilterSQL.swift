/// The parameterised SQL for one NIP-01 filter. Values are always bound, never interpolated.
struct FilterSQL {
    /// `SELECT <columns> FROM … WHERE …` without ORDER BY or LIMIT.
    var select: String
    /// The ORDER BY clause that uses the driving index.
    var order: String
    var args: [SQLValue]
    /// False when the filter can match nothing (an empty `ids`, `authors`, `kinds` or tag list).
    var canMatch: Bool

    /// Builds the query for `filter`, hiding events expired at `now` (NIP-40).
    init(_ filter: Filter, columns: String, now: Int64) {
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
            conds.append("t.vid IN (SELECT vid FROM tag_values WHERE name = ? AND value IN (\(Self.marks(first.value.count))))")
            args.append(.text(first.key))
            args += first.value.map { .text($0) }
            distinct = Set(first.value).count > 1
            for (name, values) in tagFilters.dropFirst() {
                conds.append("e.rid IN (SELECT event FROM tags WHERE vid IN (SELECT vid FROM tag_values WHERE name = ? AND value IN (\(Self.marks(values.count)))))")
                args.append(.text(name))
                args += values.map { .text($0) }
            }
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
