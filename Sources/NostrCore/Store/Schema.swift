/// The event index's own tables. Append a new `Migration` to change them; never edit an applied one.
enum Schema {
    static let prefix = "core."

    static let migrations: [Migration] = [
        Migration(id: "core.1-events", sql: """
            CREATE TABLE events(
                rid INTEGER PRIMARY KEY,
                id BLOB NOT NULL UNIQUE,
                pubkey BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                d_tag TEXT,
                expiration INTEGER,
                raw TEXT NOT NULL
            );
            CREATE INDEX events_pubkey_kind ON events(pubkey, kind, created_at);
            CREATE INDEX events_kind ON events(kind, created_at);
            CREATE INDEX events_created ON events(created_at);
            CREATE INDEX events_address ON events(kind, pubkey, d_tag) WHERE d_tag IS NOT NULL;
            CREATE INDEX events_expiration ON events(expiration) WHERE expiration IS NOT NULL;
            CREATE TABLE tags(
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                event INTEGER NOT NULL,
                PRIMARY KEY(name, value, created_at, event)
            ) WITHOUT ROWID;
            CREATE INDEX tags_event ON tags(event);
            CREATE TABLE deleted(
                id BLOB NOT NULL,
                pubkey BLOB NOT NULL,
                deleted_at INTEGER NOT NULL,
                PRIMARY KEY(id, pubkey)
            ) WITHOUT ROWID;
            CREATE TABLE deleted_addresses(
                kind INTEGER NOT NULL,
                pubkey BLOB NOT NULL,
                d TEXT NOT NULL,
                until INTEGER NOT NULL,
                PRIMARY KEY(kind, pubkey, d)
            ) WITHOUT ROWID;
            CREATE TABLE state(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            """),
        // The kind beside each tag row lets `#p` + `kinds` (notifications) skip other kinds without
        // reading the event, e.g. contact lists that mention everyone.
        Migration(id: "core.2-tag-kind", sql: """
            ALTER TABLE tags ADD COLUMN kind INTEGER;
            UPDATE tags SET kind = (SELECT kind FROM events WHERE rid = tags.event);
            """),
        // Tag values live once in a dictionary; each tag row is four integers. The rows are several times
        // smaller than with the value inline (64 hex characters for `p`/`e`), so a bulk import of contact
        // lists touches and writes far fewer b-tree pages, and comparisons are integer ones. No index from
        // event to rows: removing an event re-reads its tags from its stored JSON.
        Migration(id: "core.3-tag-values", sql: """
            DROP INDEX tags_event;
            ALTER TABLE tags RENAME TO tags_v2;
            CREATE TABLE tag_values(
                vid INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                UNIQUE(name, value)
            );
            INSERT INTO tag_values(name, value) SELECT DISTINCT name, value FROM tags_v2;
            CREATE TABLE tags(
                vid INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                event INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                PRIMARY KEY(vid, created_at, event)
            ) WITHOUT ROWID;
            INSERT OR IGNORE INTO tags(vid, created_at, event, kind)
                SELECT v.vid, t.created_at, t.event, IFNULL(t.kind, (SELECT kind FROM events WHERE rid = t.event))
                FROM tags_v2 t JOIN tag_values v ON v.name = t.name AND v.value = t.value;
            DROP TABLE tags_v2;
            """),
    ]
}
