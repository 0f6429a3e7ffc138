import CSQLite

/// One prepared statement, owned by the `SQLiteConnection` that caches it and finalized with it.
/// Reached only inside a connection's closures, so it is never shared between threads.
public final class Statement {
    let handle: OpaquePointer
    /// The SQL text, for error messages (never the bound values).
    public let sql: String
    private let db: OpaquePointer

    init(db: OpaquePointer, sql: String) throws(StoreError) {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            sqlite3_finalize(stmt)
            throw StoreError.sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)), sql: sql)
        }
        self.handle = stmt
        self.db = db
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    private func fail(_ rc: Int32) -> StoreError {
        .sqlite(code: rc, message: String(cString: sqlite3_errmsg(db)), sql: sql)
    }

    /// Resets the statement and clears its bindings, ready for new values.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement but keeps its bindings, for a loop that binds every parameter each time.
    public func rewind() {
        sqlite3_reset(handle)
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws(StoreError) {
        let rc = sqlite3_bind_int64(handle, index, value)
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    /// Binds text to parameter `index` (1-based).
    public func bind(_ value: String, at index: Int32) throws(StoreError) {
        let rc = sqlite3_bind_text(handle, index, value, -1, CSQLite_transient())
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    /// Binds bytes as a blob to parameter `index` (1-based).
    public func bind(blob value: [UInt8], at index: Int32) throws(StoreError) {
        let rc = value.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), CSQLite_transient()) }
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    /// Binds UTF-8 bytes as text to parameter `index` (1-based), without going through `String`.
    public func bind(utf8 value: [UInt8], at index: Int32) throws(StoreError) {
        if value.isEmpty { return try bind("", at: index) }
        let rc = value.withUnsafeBytes { buf in
            buf.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), CSQLite_transient())
            }
        }
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int32) throws(StoreError) {
        let rc = sqlite3_bind_null(handle, index)
        guard rc == SQLITE_OK else { throw fail(rc) }
    }

    /// Binds any `SQLValue` to parameter `index` (1-based).
    public func bind(_ value: SQLValue, at index: Int32) throws(StoreError) {
        switch value {
        case .null: try bindNull(at: index)
        case let .integer(v): try bind(v, at: index)
        case let .text(v): try bind(v, at: index)
        case let .blob(v): try bind(blob: v, at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, …
    public func bind(_ values: [SQLValue]) throws(StoreError) {
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
    }

    /// Advances to the next row; false when done.
    @discardableResult
    public func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw fail(rc)
    }

    /// The integer in column `i` (0-based) of the current row.
    public func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }

    /// Whether column `i` of the current row is NULL.
    public func isNull(_ i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }

    /// The text in column `i` of the current row, or nil for NULL.
    public func string(_ i: Int32) -> String? {
        guard let p = sqlite3_column_text(handle, i) else { return nil }
        let n = Int(sqlite3_column_bytes(handle, i))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    /// The bytes of column `i` (blob or text) of the current row; empty for NULL.
    public func bytes(_ i: Int32) -> [UInt8] {
        // Text columns are read as text so SQLite never converts them; sqlite3_column_bytes after it gives the length.
        if sqlite3_column_type(handle, i) == SQLITE_TEXT {
            guard let p = sqlite3_column_text(handle, i) else { return [] }
            return Array(UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(handle, i))))
        }
        guard let p = sqlite3_column_blob(handle, i) else { return [] }
        let n = Int(sqlite3_column_bytes(handle, i))
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }

    /// Column `i` of the current row as an `SQLValue`.
    public func value(_ i: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(int64(i))
        case SQLITE_TEXT: .text(string(i) ?? "")
        case SQLITE_FLOAT: .integer(Int64(sqlite3_column_double(handle, i)))
        default: .blob(bytes(i))
        }
    }

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }
}
