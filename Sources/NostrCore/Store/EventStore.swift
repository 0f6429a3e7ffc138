import Synchronization

/// The SQLite event index: NIP-01 storage rules, NIP-09 deletions, NIP-40 expiration, queries by filter.
///
/// A file database runs in WAL mode with one writer connection and a small pool of readers, so
/// queries never wait for an import; `":memory:"` is a private single-connection database.
public final class EventStore: Sendable {
    /// The database path, or `":memory:"`.
    public let path: String
    /// Whether writes are refused (open while another process writes).
    public let isReadOnly: Bool
    let writer: PooledConnection?
    let readers: [PooledConnection]
    private let nextReader = Atomic<Int>(0)

    /// How many read connections a file database keeps.
    static let readerCount = 3

    /// Opens (creating when needed) the index at `path`, or an in-memory one, and applies `migrations`
    /// after the index's own. `readOnly` opens without writing anything, safe beside a writing process.
    public init(path: String = ":memory:", readOnly: Bool = false, migrations: [Migration] = []) throws(StoreError) {
        self.path = path
        self.isReadOnly = readOnly
        let inMemory = path == ":memory:" || path.isEmpty
        if readOnly {
            writer = nil
            readers = try Self.readerPool(path: path, count: inMemory ? 1 : Self.readerCount, inMemory: inMemory, queryOnly: true)
            return
        }
        let w = try SQLiteConnection(path: path, readOnly: false)
        try Self.configure(w, writer: true, inMemory: inMemory)
        try Self.checkKnown(w)
        try w.migrate(Schema.migrations + migrations)
        writer = PooledConnection(w)
        readers = inMemory ? [] : try Self.readerPool(path: path, count: Self.readerCount, inMemory: false, queryOnly: false)
    }

    /// Closes the readers before the writer: SQLite checkpoints and deletes the WAL only when the last
    /// connection to close can write, and a WAL left behind is replayed by every later process's first
    /// read (a cold push enricher read 4 MB of WAL frames before its first query).
    deinit {
        for r in readers { r.close() }
        writer?.close()
    }

    /// The read connections: the first opened now (so a bad path fails here), the others when the first
    /// is busy, so a process that reads one thing at a time opens one.
    private static func readerPool(path: String, count: Int, inMemory: Bool, queryOnly: Bool) throws(StoreError) -> [PooledConnection] {
        let open = { @Sendable () throws(StoreError) -> SQLiteConnection in
            let c = try SQLiteConnection(path: path, readOnly: true)
            try Self.configure(c, writer: false, inMemory: inMemory)
            if queryOnly { try c.execute("PRAGMA query_only = 1") }
            return c
        }
        var pool = [PooledConnection(try open())]
        for _ in 1..<max(1, count) { pool.append(PooledConnection(opening: open)) }
        return pool
    }

    /// A private read connection that does not map the file (an import's id look-ups).
    func unmappedReader() throws(StoreError) -> SQLiteConnection {
        let c = try SQLiteConnection(path: path, readOnly: true)
        try Self.configure(c, writer: false, inMemory: false)
        try c.execute("PRAGMA mmap_size = 0")
        return c
    }

    private static func configure(_ c: SQLiteConnection, writer: Bool, inMemory: Bool) throws(StoreError) {
        if writer && !inMemory {
            try c.execute("PRAGMA journal_mode = WAL")
        }
        // NORMAL in WAL mode never corrupts; a power cut may only lose the last commits.
        try c.execute("""
            PRAGMA synchronous = NORMAL;
            PRAGMA temp_store = MEMORY;
            PRAGMA cache_size = \(writer ? -32768 : -16384);
            """)
        // Readers map the file for fast lookups. The writer does not, and a file import checks known ids
        // on its own unmapped connection: mapped pages count toward RSS, and the kernel maps a fault's
        // neighbours too, which grew a 100k import's peak RSS with the file by 100+ MB.
        if !writer { try c.execute("PRAGMA mmap_size = 268435456") }
        SearchFunction.register(on: c)
    }

    /// Refuses a database whose core schema is newer than this build.
    private static func checkKnown(_ c: SQLiteConnection) throws(StoreError) {
        let known = Set(Schema.migrations.map(\.id))
        let unknown = try c.appliedMigrations().filter { $0.hasPrefix(Schema.prefix) && !known.contains($0) }
        guard unknown.isEmpty else { throw .unknownMigrations(unknown) }
    }

    /// Runs `body` on a read connection (the writer's, for an in-memory store); it sees committed data.
    /// Throws `StoreError` or whatever `body` throws.
    @discardableResult
    public func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try reading(body)
    }

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    /// Throws `StoreError` (`.readOnly` on a read-only store) or whatever `body` throws.
    @discardableResult
    public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else { throw StoreError.readOnly }
        return try writer.with { (c: SQLiteConnection) throws -> T in try c.anyTransaction(body) }
    }

    /// `read` with a typed error, for the store's own code.
    @discardableResult
    func reading<T: Sendable, E: Error>(_ body: (SQLiteConnection) throws(E) -> T) throws(E) -> T {
        guard !readers.isEmpty else {
            // Only a read-write in-memory store has no readers, and it always has a writer.
            return try writer!.with(body)
        }
        let start = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue
        // A free open connection; else one of the pool's opened now; else wait for an open one.
        for opening in [false, true] {
            for i in 0..<readers.count {
                if let r = try readers[(start &+ i) % readers.count].withIfFree(opening: opening, body) { return r }
            }
        }
        let waitOn = readers[start % readers.count]
        return try (waitOn.isOpen ? waitOn : readers[0]).with(body)
    }

    /// `write` with a typed error, for the store's own code.
    @discardableResult
    func writing<T: Sendable>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        guard let writer else { throw .readOnly }
        return try writer.with { (c: SQLiteConnection) throws(StoreError) -> T in try c.transaction(body) }
    }

    /// Applies `migrations` not yet applied (see `Migration` for how modules add tables).
    public func migrate(_ migrations: [Migration]) throws(StoreError) {
        guard let writer else { throw .readOnly }
        try writer.with { (c: SQLiteConnection) throws(StoreError) in try c.migrate(migrations) }
    }

    /// Ids of the applied migrations, oldest first.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try reading { (c: SQLiteConnection) throws(StoreError) in try c.appliedMigrations() }
    }

    /// Checkpoints the WAL into the main file (cheap; also done automatically by SQLite).
    public func checkpoint() throws(StoreError) {
        guard let writer else { return }
        try writer.with { (c: SQLiteConnection) throws(StoreError) in try c.execute("PRAGMA wal_checkpoint(PASSIVE)") }
    }
}
