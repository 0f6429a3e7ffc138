import NostrCore

/// Opened NIP-17 messages kept in the event index, per owner key, so listing needs neither the
/// network nor the two ECDH + two decryptions each gift wrap costs.
///
/// Why a table and not state: messages are listed by conversation and time, which SQL does well.
/// The gift wraps themselves go into the index as ordinary events; this table holds the decrypted
/// rumors, so the index file is as private as the messages (keep it 0600, as `EventStore` does).
public struct DMArchive: Sendable {
    /// The index the tables live in.
    public let store: EventStore

    /// The archive's tables, module-prefixed (see `Migration`).
    public static let migrations: [Migration] = [
        Migration(id: "dm.1-messages", sql: """
            CREATE TABLE dm_messages(
                owner BLOB NOT NULL,
                id BLOB NOT NULL,
                conversation TEXT NOT NULL,
                sender BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                rumor TEXT NOT NULL,
                PRIMARY KEY(owner, id)
            ) WITHOUT ROWID;
            CREATE INDEX dm_messages_conversation ON dm_messages(owner, conversation, created_at);
            CREATE TABLE dm_opened(
                owner BLOB NOT NULL,
                wrap BLOB NOT NULL,
                PRIMARY KEY(owner, wrap)
            ) WITHOUT ROWID;
            """),
    ]

    /// The archive in `store`, creating its tables when needed.
    public init(store: EventStore) throws(StoreError) {
        self.store = store
        if !store.isReadOnly { try store.migrate(Self.migrations) }
    }

    /// Records `messages` for `owner` (duplicates by rumor id are ignored) and marks `openedWraps`
    /// (opened or not for this key) so they are not decrypted again. Returns how many messages were new.
    @discardableResult
    public func add(_ messages: [DirectMessage], openedWraps: [EventID] = [], owner: PublicKey) throws(StoreError) -> Int {
        let ownerBlob = SQLValue.blob(owner.bytes)
        return try writing { db throws(StoreError) in
            var added = 0
            for m in messages {
                added += try db.run("""
                    INSERT OR IGNORE INTO dm_messages(owner, id, conversation, sender, created_at, rumor)
                    VALUES(?, ?, ?, ?, ?, ?)
                    """, [ownerBlob, .blob(m.id.bytes), .text(m.conversation), .blob(m.from.bytes),
                          .integer(m.createdAt), .text(m.rumor.json(includingID: true))])
            }
            for wrap in openedWraps {
                try db.run("INSERT OR IGNORE INTO dm_opened(owner, wrap) VALUES(?, ?)", [ownerBlob, .blob(wrap.bytes)])
            }
            return added
        }
    }

    /// Which of `wraps` were already opened by `owner`.
    public func opened(_ wraps: [EventID], owner: PublicKey) throws(StoreError) -> Set<EventID> {
        guard !wraps.isEmpty else { return [] }
        let ownerBlob = SQLValue.blob(owner.bytes)
        return try reading { db throws(StoreError) in
            var seen = Set<EventID>()
            for wrap in wraps where try db.scalar("SELECT 1 FROM dm_opened WHERE owner = ? AND wrap = ?",
                                                   [ownerBlob, .blob(wrap.bytes)]) != nil {
                seen.insert(wrap)
            }
            return seen
        }
    }

    /// `owner`'s messages grouped by conversation: the conversation with the newest message first,
    /// newest first within each. `with` keeps conversations that include every key given.
    public func messages(owner: PublicKey, with: [PublicKey] = []) throws(StoreError) -> [DirectMessage] {
        let rows = try reading { db throws(StoreError) in
            try db.rows("""
                SELECT m.rumor FROM dm_messages m
                JOIN (SELECT conversation, MAX(created_at) AS latest FROM dm_messages WHERE owner = ?1
                      GROUP BY conversation) c ON c.conversation = m.conversation
                WHERE m.owner = ?1
                ORDER BY c.latest DESC, m.conversation, m.created_at DESC, m.id
                """, [.blob(owner.bytes)])
        }
        var out: [DirectMessage] = []
        for row in rows {
            // Rows were checked when stored; one damaged by hand is skipped rather than failing the list.
            guard let text = row.first?.string, let parsed = try? UnsignedEvent.parse(json: Array(text.utf8)) else { continue }
            let message = DirectMessage(rumor: parsed.event, id: parsed.event.id)
            let participants = Set(NIP17.participants(of: message.rumor))
            if with.allSatisfy(participants.contains) { out.append(message) }
        }
        return out
    }

    /// The `since` to ask `relay` for `owner`'s wraps: the last fetch's start minus NIP-59's two-day
    /// timestamp tweak, since wraps are dated up to two days in the past; nil before the first fetch.
    public func since(owner: PublicKey, relay: String) throws(StoreError) -> Int64? {
        guard let text = try store.state(forKey: Self.markerKey(owner, relay)), let marker = Int64(text) else { return nil }
        return max(0, marker - NIP59.maxTimestampTweak)
    }

    /// Remembers that a fetch from `relay` for `owner` started at `time` and reached EOSE.
    public func setFetched(owner: PublicKey, relay: String, at time: Int64) throws(StoreError) {
        try store.setState(String(time), forKey: Self.markerKey(owner, relay))
    }

    private static func markerKey(_ owner: PublicKey, _ relay: String) -> String { "dm.since.\(owner.hex).\(relay)" }

    private func writing<T: Sendable>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        do { return try store.write { db in try body(db) } } catch { throw Self.storeError(error) }
    }

    private func reading<T: Sendable>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        do { return try store.read { db in try body(db) } } catch { throw Self.storeError(error) }
    }

    /// `EventStore.read`/`write` rethrow untyped; the bodies here only throw `StoreError`.
    private static func storeError(_ error: any Error) -> StoreError {
        (error as? StoreError) ?? .sqlite(code: -1, message: "\(error)", sql: nil)
    }
}
