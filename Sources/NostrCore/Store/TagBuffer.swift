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
        try bind(to: s, from: 1)
        try s.step()
        s.rewind()
    }

    /// Rows per statement in `insertMany`.
    static let rowsPerInsert = 32

    /// `insertSQL` for `rowsPerInsert` rows.
    static let insertManySQL = "INSERT OR IGNORE INTO tags(vid, created_at, event, kind) VALUES "
        + repeatElement("(?, ?, ?, ?)", count: rowsPerInsert).joined(separator: ", ")

    /// Inserts `rows` (sorted), `rowsPerInsert` per step of `many` (`insertManySQL`) and the rest one by one
    /// with `one` (`insertSQL`). SQLite's work per statement (start, open the index cursor, halt, reset)
    /// cost about as much as a row's insert itself, and a contact list has hundreds of rows.
    static func insert(_ rows: [TagRow], many: Statement, one: Statement) throws(StoreError) {
        var i = 0
        while rows.count - i >= rowsPerInsert {
            for k in 0..<rowsPerInsert { try rows[i + k].bind(to: many, from: Int32(4 * k + 1)) }
            try many.step()
            many.rewind()
            i += rowsPerInsert
        }
        while i < rows.count {
            try rows[i].insert(with: one)
            i += 1
        }
    }

    private func bind(to s: Statement, from first: Int32) throws(StoreError) {
        try s.bind(vid, at: first)
        try s.bind(createdAt, at: first + 1)
        try s.bind(event, at: first + 2)
        try s.bind(kind, at: first + 3)
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
        try TagRow.insert(buffer.rows, many: try prepare(TagRow.insertManySQL), one: try prepare(TagRow.insertSQL))
    }
}
