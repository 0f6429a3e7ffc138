import NostrCore

/// The bunker's sessions, grants, one-time secrets and audit log, in the `EventStore`'s database (so a
/// restart, or a second bunker process on the same database, sees them). Rows are per profile: one
/// database can hold several bunkers with different remote-signer keys.
public struct BunkerStore: Sendable {
    /// Tables in the event index, applied once by `EventStore.migrate`.
    public static let migrations: [Migration] = [
        Migration(id: "bunker.1-tables", sql: """
            CREATE TABLE bunker_sessions(profile TEXT NOT NULL, client TEXT NOT NULL, name TEXT, url TEXT, image TEXT,
                paired_at INTEGER NOT NULL, last_seen INTEGER NOT NULL, via TEXT NOT NULL,
                PRIMARY KEY(profile, client)) WITHOUT ROWID;
            CREATE TABLE bunker_grants(profile TEXT NOT NULL, client TEXT NOT NULL, permission TEXT NOT NULL,
                granted_at INTEGER NOT NULL, PRIMARY KEY(profile, client, permission)) WITHOUT ROWID;
            CREATE TABLE bunker_secrets(profile TEXT PRIMARY KEY, secret TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE bunker_audit(id INTEGER PRIMARY KEY, profile TEXT NOT NULL, at INTEGER NOT NULL, client TEXT NOT NULL,
                method TEXT NOT NULL, kind INTEGER, decision TEXT NOT NULL);
            CREATE INDEX bunker_audit_client ON bunker_audit(profile, client, at);
            """),
    ]

    /// The database.
    public let events: EventStore
    /// The profile rows belong to.
    public let profile: String

    /// The bunker tables of `events` for `profile`, created when missing.
    public init(_ events: EventStore, profile: String) throws(BunkerError) {
        do { try events.migrate(Self.migrations) } catch { throw .store(error) }
        self.events = events
        self.profile = profile
    }

    // MARK: Sessions and grants

    /// The session of `client`, with its grants; `nil` when it is not paired.
    public func session(_ client: PublicKey) throws(BunkerError) -> BunkerSession? {
        let rows = try read { db throws(StoreError) in
            let s = try db.rows("SELECT name, url, image, paired_at, last_seen, via FROM bunker_sessions WHERE profile = ? AND client = ?",
                                [.text(profile), .text(client.hex)])
            let g = try db.rows("SELECT permission FROM bunker_grants WHERE profile = ? AND client = ?", [.text(profile), .text(client.hex)])
            return (s, g)
        }
        guard let row = rows.0.first else { return nil }
        return try Self.session(client: client, row: row, grants: rows.1.compactMap { $0.first?.string })
    }

    /// Every session of this profile, oldest pairing first.
    public func sessions() throws(BunkerError) -> [BunkerSession] {
        let (s, g) = try read { db throws(StoreError) in
            (try db.rows("SELECT client, name, url, image, paired_at, last_seen, via FROM bunker_sessions WHERE profile = ? ORDER BY paired_at, client",
                         [.text(profile)]),
             try db.rows("SELECT client, permission FROM bunker_grants WHERE profile = ?", [.text(profile)]))
        }
        var grants: [String: [String]] = [:]
        for row in g { if let c = row[0].string, let p = row[1].string { grants[c, default: []].append(p) } }
        var out: [BunkerSession] = []
        for row in s {
            guard let hex = row[0].string, let client = try? PublicKey(hex: hex) else { throw .corrupt("session client key") }
            out.append(try Self.session(client: client, row: Array(row.dropFirst()), grants: grants[hex] ?? []))
        }
        return out
    }

    /// Pairs `client` (or updates its metadata), adding `permissions` to what it already had.
    public func pair(_ client: PublicKey, permissions: NIP46Permissions, metadata: NIP46ClientMetadata,
                     via: String, at now: Int64) throws(BunkerError) {
        try write { db throws(StoreError) in
            try db.run("""
                INSERT INTO bunker_sessions(profile, client, name, url, image, paired_at, last_seen, via) VALUES(?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(profile, client) DO UPDATE SET name = coalesce(excluded.name, name), url = coalesce(excluded.url, url),
                    image = coalesce(excluded.image, image), last_seen = excluded.last_seen
                """, [.text(profile), .text(client.hex), Self.text(metadata.name), Self.text(metadata.url), Self.text(metadata.image),
                      .integer(now), .integer(now), .text(via)])
            for p in permissions.items {
                try db.run("INSERT OR IGNORE INTO bunker_grants(profile, client, permission, granted_at) VALUES(?, ?, ?, ?)",
                           [.text(profile), .text(client.hex), .text(p.description), .integer(now)])
            }
        }
    }

    /// Adds one permission to a paired client ("allow always").
    public func grant(_ client: PublicKey, _ permission: NIP46Permission, at now: Int64) throws(BunkerError) {
        try write { db throws(StoreError) in
            try db.run("INSERT OR IGNORE INTO bunker_grants(profile, client, permission, granted_at) VALUES(?, ?, ?, ?)",
                       [.text(profile), .text(client.hex), .text(permission.description), .integer(now)])
        }
    }

    /// Removes `client`'s session and grants (logout, `--revoke`); whether it was paired.
    @discardableResult
    public func revoke(_ client: PublicKey) throws(BunkerError) -> Bool {
        try write { db throws(StoreError) in
            try db.run("DELETE FROM bunker_grants WHERE profile = ? AND client = ?", [.text(profile), .text(client.hex)])
            return try db.run("DELETE FROM bunker_sessions WHERE profile = ? AND client = ?", [.text(profile), .text(client.hex)]) > 0
        }
    }

    /// Records that `client` was seen at `now`.
    public func touch(_ client: PublicKey, at now: Int64) throws(BunkerError) {
        try write { db throws(StoreError) in
            try db.run("UPDATE bunker_sessions SET last_seen = ? WHERE profile = ? AND client = ?",
                       [.integer(now), .text(profile), .text(client.hex)])
        }
    }

    // MARK: One-time secret

    /// The current connection secret, creating one when there is none.
    public func currentSecret(at now: Int64) throws(BunkerError) -> String {
        if let s = try read({ db throws(StoreError) in try db.scalar("SELECT secret FROM bunker_secrets WHERE profile = ?", [.text(profile)])?.string }) {
            return s
        }
        return try rotateSecret(at: now)
    }

    /// Replaces the connection secret (after it was used once, or with `--secret`) and returns the new one.
    @discardableResult
    public func rotateSecret(to secret: String = NIP46.randomToken(bytes: 16), at now: Int64) throws(BunkerError) -> String {
        try write { db throws(StoreError) in
            try db.run("INSERT OR REPLACE INTO bunker_secrets(profile, secret, created_at) VALUES(?, ?, ?)",
                       [.text(profile), .text(secret), .integer(now)])
        }
        return secret
    }

    /// Whether `candidate` is the current secret; when it is, the secret is rotated in the same transaction,
    /// so two clients racing with one secret cannot both pair (46.md: "used for single successfully
    /// established connection only").
    public func consumeSecret(_ candidate: String, at now: Int64) throws(BunkerError) -> Bool {
        try write { db throws(StoreError) in
            guard let current = try db.scalar("SELECT secret FROM bunker_secrets WHERE profile = ?", [.text(profile)])?.string,
                  ConstantTime.equals(Array(current.utf8), Array(candidate.utf8)) else { return false }
            try db.run("UPDATE bunker_secrets SET secret = ?, created_at = ? WHERE profile = ?",
                       [.text(NIP46.randomToken(bytes: 16)), .integer(now), .text(profile)])
            return true
        }
    }

    // MARK: Audit log

    /// Appends one audit entry.
    public func audit(_ entry: AuditEntry) throws(BunkerError) {
        try write { db throws(StoreError) in
            try db.run("INSERT INTO bunker_audit(profile, at, client, method, kind, decision) VALUES(?, ?, ?, ?, ?, ?)",
                       [.text(profile), .integer(entry.at), .text(entry.client.hex), .text(entry.method),
                        entry.kind.map { .integer(Int64($0)) } ?? .null, .text(entry.decision)])
        }
    }

    /// The newest `limit` audit entries (optionally of one client), oldest first.
    public func auditLog(client: PublicKey? = nil, limit: Int = 100) throws(BunkerError) -> [AuditEntry] {
        let rows = try read { db throws(StoreError) in
            if let client {
                return try db.rows("SELECT at, client, method, kind, decision FROM bunker_audit WHERE profile = ? AND client = ? ORDER BY id DESC LIMIT ?",
                                   [.text(profile), .text(client.hex), .integer(Int64(limit))])
            }
            return try db.rows("SELECT at, client, method, kind, decision FROM bunker_audit WHERE profile = ? ORDER BY id DESC LIMIT ?",
                               [.text(profile), .integer(Int64(limit))])
        }
        var out: [AuditEntry] = []
        for row in rows.reversed() {
            guard let at = row[0].int64, let hex = row[1].string, let client = try? PublicKey(hex: hex),
                  let method = row[2].string, let decision = row[4].string else { throw .corrupt("audit entry") }
            out.append(AuditEntry(at: at, client: client, method: method, kind: row[3].int64.map { Int($0) }, decision: decision))
        }
        return out
    }

    // MARK: Helpers

    private static func session(client: PublicKey, row: [SQLValue], grants: [String]) throws(BunkerError) -> BunkerSession {
        guard row.count == 6, let pairedAt = row[3].int64, let lastSeen = row[4].int64, let via = row[5].string else {
            throw .corrupt("session row")
        }
        var perms: [NIP46Permission] = []
        for g in grants {
            guard let p = try? NIP46Permission(parsing: g) else { throw .corrupt("grant \"\(g)\"") }
            perms.append(p)
        }
        return BunkerSession(client: client, permissions: NIP46Permissions(perms),
                             metadata: NIP46ClientMetadata(name: row[0].string, url: row[1].string, image: row[2].string),
                             pairedAt: pairedAt, lastSeen: lastSeen, via: via)
    }

    private static func text(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }

    private func read<T: Sendable>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(BunkerError) -> T {
        do { return try events.read { db in try body(db) } } catch let e as StoreError { throw .store(e) } catch {
            throw .corrupt("\(error)")
        }
    }

    @discardableResult
    private func write<T: Sendable>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(BunkerError) -> T {
        do { return try events.write { db in try body(db) } } catch let e as StoreError { throw .store(e) } catch {
            throw .corrupt("\(error)")
        }
    }
}
