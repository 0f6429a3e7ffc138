import Synchronization

/// A `SQLiteConnection` behind a `Mutex`: the only way the store's threads reach a handle. A pooled
/// reader may be opened on first use (`init(opening:)`), so a one-shot process that reads once pays for
/// one connection, not the whole pool.
final class PooledConnection: Sendable {
    private let connection: Mutex<SQLiteConnection?>
    private let opener: (@Sendable () throws(StoreError) -> SQLiteConnection)?

    /// A pooled connection that is open already.
    init(_ connection: sending SQLiteConnection) {
        self.connection = Mutex(connection)
        opener = nil
    }

    /// A pooled connection opened by `open` when first needed.
    init(opening open: @escaping @Sendable () throws(StoreError) -> SQLiteConnection) {
        connection = Mutex(nil)
        opener = open
    }

    /// Runs `body` with the connection, waiting for it if another thread has it. Only for a connection
    /// that is open (opened at init, or `isOpen`): one opened on demand is reached through `withIfFree`.
    func with<T: Sendable, E: Error>(_ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T {
        try connection.withLock { (c: inout SQLiteConnection?) throws(E) -> T in
            guard let open = c else { preconditionFailure("PooledConnection.with on a connection that is not open") }
            return try body(open)
        }
    }

    /// Whether the connection is open (it stays open until `close`).
    var isOpen: Bool { connection.withLock { $0 != nil } }

    /// Runs `body` only if the connection is free right now and open (or, with `opening`, can be opened
    /// now); nil otherwise.
    func withIfFree<T: Sendable, E: Error>(opening: Bool = false, _ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T? {
        let outcome = try connection.withLockIfAvailable { (c: inout SQLiteConnection?) throws(E) -> T? in
            guard let open = opening ? opened(&c) : c else { return nil }
            return try body(open)
        }
        return outcome ?? nil
    }

    /// Closes the connection now (SQLite checkpoints and removes the WAL when the last connection to a
    /// database closes, so `EventStore` closes its readers before its writer).
    func close() {
        connection.withLock { $0 = nil }
    }

    private func opened(_ c: inout SQLiteConnection?) -> SQLiteConnection? {
        if let c { return c }
        guard let opener, let fresh = try? opener() else { return nil }
        c = fresh
        return fresh
    }
}
