/// One row of the `tags` index: which event carries a tag value, with the event's time and kind.
struct TagRow {
    let vid: Int64
    let createdAt: Int64
    let event: Int64
    let kind: Int64

    static let insertSQL = "INSERT OR IGNORE INTO tags(vid, created_at, event, kind) VALUES(?, ?, ?, ?)"

    static let deleteSQL = "DELETE FROM tags WHERE vid = ? AND created_at = ? AND event = ?"

    /// Deletes this row with `s` (`deleteSQL`, fresh from `prepare`); every parameter is bound anew, so
    /// one reset after the step is all a row needs.
    func delete(with s: Statement) throws(StoreError) {
        try s.bind(vid, at: 1)
        try s.bind(createdAt, at: 2)
        try s.bind(event, at: 3)
        try s.step()
        s.rewind()
    }

    /// Inserts this row with `s` (`insertSQL`, fresh from `prepare`).
    func insert(with s: Statement) throws(StoreError) {
        try s.bind(vid, at: 1)
        try s.bind(createdAt, at: 2)
        try s.bind(event, at: 3)
        try s.bind(kind, at: 4)
        try s.step()
        s.rewind()
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
    /// Stored rows of events removed in this batch, deleted before the new rows go in.
    var deletes: [TagRow] = []

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
        let byKey = { (a: TagRow, b: TagRow) in
            a.vid != b.vid ? a.vid < b.vid : a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.event < b.event
        }
        if !buffer.deletes.isEmpty {
            buffer.deletes.sort(by: byKey)
            let d = try prepare(TagRow.deleteSQL)
            for row in buffer.deletes { try row.delete(with: d) }
        }
        buffer.rows.sort(by: byKey)
        let s = try prepare(TagRow.insertSQL)
        for row in buffer.rows { try row.insert(with: s) }
    }
}
