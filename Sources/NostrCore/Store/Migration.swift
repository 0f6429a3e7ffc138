/// A schema change applied once per database, in order, inside the transaction that records it.
///
/// Other modules keep their own tables in the index by passing their migrations to
/// `EventStore(path:migrations:)` or `EventStore.migrate(_:)`. Ids are global and never reused; prefix
/// them with the module (`"bunker.1-grants"`, `"dm.1-since"`) and append new migrations rather than
/// editing applied ones:
///
/// ```swift
/// static let migrations = [Migration(id: "bunker.1-grants", sql: """
///     CREATE TABLE bunker_grants(client BLOB NOT NULL, method TEXT NOT NULL, PRIMARY KEY(client, method)) WITHOUT ROWID;
///     """)]
/// try store.migrate(migrations)
/// try store.write { db in try db.run("INSERT OR REPLACE INTO bunker_grants VALUES(?, ?)", [.blob(key), "sign_event"]) }
/// ```
public struct Migration: Sendable, Hashable {
    /// Unique, module-prefixed id (`"core.1-events"`).
    public let id: String
    /// One or more SQL statements.
    public let sql: String

    /// A migration from its id and SQL.
    public init(id: String, sql: String) {
        self.id = id
        self.sql = sql
    }
}

extension SQLiteConnection {
    /// Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
    func migrate(_ migrations: [Migration]) throws(StoreError) {
        try execute("CREATE TABLE IF NOT EXISTS schema_migrations(id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        let applied = Set(try appliedMigrations())
        for m in migrations where !applied.contains(m.id) {
            try transaction { (db: SQLiteConnection) throws(StoreError) in
                try db.execute(m.sql)
                try db.run("INSERT INTO schema_migrations(id, applied_at) VALUES(?, strftime('%s','now'))", [.text(m.id)])
            }
        }
    }

    /// Ids of the migrations this database has applied, in the order they were applied.
    func appliedMigrations() throws(StoreError) -> [String] {
        let exists = try scalar("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'")
        guard exists != nil else { return [] }
        return try rows("SELECT id FROM schema_migrations ORDER BY rowid").compactMap { $0.first?.string }
    }
}
