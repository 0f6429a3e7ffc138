/// One row of the `tags` index.
struct TagRow {
    let name: String
    let value: String
    let createdAt: Int64
    let event: Int64
    let kind: Int64

    static let insertSQL = "INSERT OR IGNORE INTO tags(name, value, created_at, event, kind) VALUES(?, ?, ?, ?, ?)"

    func insert(with s: Statement) throws(StoreError) {
        s.reset()
        try s.bind(name, at: 1)
        try s.bind(value, at: 2)
        try s.bind(createdAt, at: 3)
        try s.bind(event, at: 4)
        try s.bind(kind, at: 5)
        try s.step()
        s.reset()
    }
}

/// Tag rows of a batch write, inserted together at its end in key order.
///
/// Tag values (pubkeys, ids) are random, so inserting them event by event touches a random page
/// of the `tags` b-tree per row; sorted, each page is visited once per batch, which makes a batch
/// of contact lists with hundreds of `p` tags several times cheaper to index.
struct TagBuffer {
    var rows: [TagRow] = []
    /// Events removed later in the same batch (replaced or deleted), with how many rows were
    /// buffered at that moment: those rows are dropped. Later rows with the same rid belong to a new
    /// event, because SQLite hands a freed highest rowid out again.
    var removed: [Int64: Int] = [:]

    mutating func remove(_ rid: Int64) { removed[rid] = rows.count }
}

extension SQLiteConnection {
    /// Inserts the buffered tag rows sorted by the `tags` primary key, and empties the buffer.
    func flushTags() throws(StoreError) {
        guard var buffer = tagBuffer else { return }
        tagBuffer = TagBuffer()
        if !buffer.removed.isEmpty {
            buffer.rows = buffer.rows.enumerated().compactMap { i, row in
                if let cut = buffer.removed[row.event], i < cut { return nil }
                return row
            }
        }
        // Only locality matters here, not SQLite's exact order, so String's fast ASCII `<` will do.
        buffer.rows.sort { a, b in a.value != b.value ? a.value < b.value : a.name < b.name }
        let s = try prepare(TagRow.insertSQL)
        for row in buffer.rows { try row.insert(with: s) }
    }
}
