import CSQLite

/// The one owner of a `sqlite3*` handle and its cached prepared statements.
///
/// Not thread-safe by design (opened with `SQLITE_OPEN_NOMUTEX`): every connection lives inside a
/// `PooledConnection`'s `Mutex`, and callers reach it only inside `EventStore.read`/`write` closures.
public final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// Tag rows held back during a batch write, inserted sorted at its end (see `TagBuffer`).
    var tagBuffer: TagBuffer?
    /// Tag value ids this writer has looked up or created (see `TagValues`); cleared on rollback, since a
    /// rolled-back id may be handed out again for another value.
    var tagValueIDs = TagValueCache()
    /// `deletionMarks()` for the open write transaction; nil outside one.
    var deletionMarksInTransaction: DeletionMarks?
    /// Generated query SQL varies with the number of filter values; the cache is bounded so it cannot grow forever.
    private static let maxCachedStatements = 512

    /// Opens `path` (`":memory:"` for a private in-memory database).
    init(path: String, readOnly: Bool) throws(StoreError) {
        var h: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &h, flags, nil)
        guard rc == SQLITE_OK, let h else {
            let message = h.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(h)
            throw StoreError.sqlite(code: rc, message: message, sql: nil)
        }
        handle = h
        sqlite3_extended_result_codes(h, 1)
        // Another process (or this one's writer) may hold the write lock briefly; wait rather than fail.
        sqlite3_busy_timeout(h, 5_000)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    private func fail(_ rc: Int32, _ sql: String?) -> StoreError {
        .sqlite(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more statements with no parameters and no results (schema, pragmas, BEGIN/COMMIT).
    public func execute(_ sql: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw fail(rc, sql) }
    }

    /// The cached prepared statement for `sql`, reset and with bindings cleared.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        if let s = statements[sql] {
            s.reset()
            return s
        }
        if statements.count >= Self.maxCachedStatements { statements.removeAll(keepingCapacity: true) }
        let s = try Statement(db: handle, sql: sql)
        statements[sql] = s
        return s
    }

    /// Runs `sql` with `values` bound and returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int {
        let s = try prepare(sql)
        defer { s.reset() }
        try s.bind(values)
        while try s.step() {}
        return changes
    }

    /// Runs a query with `values` bound and returns every row.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
        let s = try prepare(sql)
        defer { s.reset() }
        try s.bind(values)
        var out: [[SQLValue]] = []
        let n = s.columnCount
        while try s.step() { out.append((0..<n).map { s.value($0) }) }
        return out
    }

    /// The first column of the first row, if any.
    public func scalar(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> SQLValue? {
        let s = try prepare(sql)
        defer { s.reset() }
        try s.bind(values)
        return try s.step() ? s.value(0) : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last successful INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open.
    public var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (the first error wins).
    /// Nested calls join the outer transaction.
    /// BEGIN IMMEDIATE takes the write lock up front, so a busy database waits (busy_timeout) instead of failing at COMMIT.
    func transaction<T>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        if inTransaction { return try body(self) }
        try execute("BEGIN IMMEDIATE")
        deletionMarksInTransaction = nil
        defer { deletionMarksInTransaction = nil }
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            tagValueIDs.removeAll()
            throw error
        }
    }
}

extension SQLiteConnection {
    /// `transaction` for bodies that may throw any error (other modules' code in `EventStore.write`).
    func anyTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if inTransaction { return try body(self) }
        try execute("BEGIN IMMEDIATE")
        deletionMarksInTransaction = nil
        defer { deletionMarksInTransaction = nil }
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            tagValueIDs.removeAll()
            throw error
        }
    }
}
