import Synchronization

/// A `SQLiteConnection` behind a `Mutex`: the only way the store's threads reach a handle.
final class PooledConnection: Sendable {
    private let connection: Mutex<SQLiteConnection>

    init(_ connection: sending SQLiteConnection) {
        self.connection = Mutex(connection)
    }

    /// Runs `body` with the connection, waiting for it if another thread has it.
    func with<T: Sendable, E: Error>(_ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T {
        try connection.withLock { (c: inout SQLiteConnection) throws(E) -> T in try body(c) }
    }

    /// Runs `body` only if the connection is free right now; nil when it is busy.
    func withIfFree<T: Sendable, E: Error>(_ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T? {
        try connection.withLockIfAvailable { (c: inout SQLiteConnection) throws(E) -> T in try body(c) }
    }
}
