#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventStore {
    /// The current Unix time in seconds.
    static func now() -> Int64 { Int64(time(nil)) }

    /// Stores `event` under the NIP-01, NIP-09 and NIP-40 rules and says what happened.
    ///
    /// Duplicates are answered from the index before any signature check; pass `verified: true`
    /// only when the id and signature were already checked (the relay verifies once per id).
    public func save(_ event: Event, verified: Bool = false, now: Int64? = nil) throws(StoreError) -> SaveResult {
        let now = now ?? Self.now()
        if let early = Self.precheck(event, now: now) { return early }
        if try contains(event.id) { return .duplicate }
        if !verified {
            do { try event.verify() } catch { return .rejected(.invalid(error)) }
        }
        return try writing { (db: SQLiteConnection) throws(StoreError) in try db.insert(event, raw: Self.rawBytes(of: event)) }
    }

    /// Whether an event with this id is stored.
    public func contains(_ id: EventID) throws(StoreError) -> Bool {
        try reading { (db: SQLiteConnection) throws(StoreError) in try db.containsEvent(id) }
    }

    /// The rejections that need neither the database nor a signature check.
    static func precheck(_ event: Event, now: Int64) -> SaveResult? {
        precheck(event, now: now, expiration: expiration(of: event))
    }

    /// `precheck` with the event's expiration read already.
    static func precheck(_ event: Event, now: Int64, expiration: Int64?) -> SaveResult? {
        if event.kind.isEphemeral { return .rejected(.ephemeral) }
        if let exp = expiration, exp <= now { return .rejected(.expired) }
        return nil
    }

    /// The bytes stored for `event`: what it was parsed from, else its serialization.
    static func rawBytes(of event: Event) -> [UInt8] { event.raw ?? event.jsonBytes }

    /// The NIP-40 `expiration` tag's time, if the event has a well-formed one.
    static func expiration(of event: Event) -> Int64? {
        guard let v = event.firstTagValue("expiration") else { return nil }
        return Int64(v)
    }

    /// The `d` tag value that names an addressable event ("" when it has none, as NIP-01 says).
    static func dTag(of event: Event) -> String { event.firstTagValue("d") ?? "" }
}

extension SQLiteConnection {
    func containsEvent(_ id: EventID) throws(StoreError) -> Bool {
        let s = try prepare("SELECT 1 FROM events WHERE id = ?")
        defer { s.reset() }
        try s.bind(blob: id.bytes, at: 1)
        return try s.step()
    }

    /// Whether a stored event has `event`'s id, and whether a deletion request by its author named it, in
    /// one look-up.
    private func storedOrDeleted(_ event: Event) throws(StoreError) -> (stored: Bool, deleted: Bool) {
        let s = try prepare("""
            SELECT EXISTS(SELECT 1 FROM events WHERE id = ?1), EXISTS(SELECT 1 FROM deleted WHERE id = ?1 AND pubkey = ?2)
            """)
        defer { s.reset() }
        try s.bind(blob: event.id.bytes, at: 1)
        try s.bind(blob: event.pubkey.bytes, at: 2)
        _ = try s.step()
        return (s.int64(0) != 0, s.int64(1) != 0)
    }

    /// Whether the deletion tables hold anything; kept for the rest of the transaction, whose write lock
    /// keeps other connections from adding to them (`applyDeletion` marks its own additions).
    func deletionMarks() throws(StoreError) -> DeletionMarks {
        if let marks = deletionMarksInTransaction { return marks }
        let s = try prepare("SELECT EXISTS(SELECT 1 FROM deleted), EXISTS(SELECT 1 FROM deleted_addresses)")
        defer { s.reset() }
        _ = try s.step()
        let marks = DeletionMarks(ids: s.int64(0) != 0, addresses: s.int64(1) != 0)
        if inTransaction { deletionMarksInTransaction = marks }
        return marks
    }

    /// Inserts a verified event inside the caller's transaction, applying the storage rules. `fields` are
    /// the event's `StoredFields` when the caller read them already.
    func insert(_ event: Event, raw: [UInt8], fields: StoredFields? = nil) throws(StoreError) -> SaveResult {
        let fields = fields ?? StoredFields(of: event)
        let address: String? = fields.d ?? (event.kind.isReplaceable ? "" : nil)
        let marks = try deletionMarks()
        // NIP-09: a deletion request can itself not be deleted, so its own id is never blocked.
        let mayBeDeleted = event.kind != .deletion && marks.ids
        if mayBeDeleted {
            let known = try storedOrDeleted(event)
            if known.stored { return .duplicate }
            if known.deleted { return .rejected(.deleted) }
        } else if address != nil, try containsEvent(event.id) {
            // Checked before old versions are removed: a stored copy of the newest must stay as it is.
            return .duplicate
        }
        var replaced = false
        if let address {
            if marks.addresses, try isDeletedAddress(event, d: address) { return .rejected(.deleted) }
            // NIP-01: keep only the newest; on equal created_at keep the lowest id.
            let existing = try storedVersions(kind: event.kind, pubkey: event.pubkey, d: fields.d)
            let incoming = NewestVersions.Version(createdAt: event.createdAt, id: event.id)
            if existing.contains(where: { $0.version.isNewer(than: incoming) }) { return .rejected(.olderThanStored) }
            for old in existing { try removeEvent(rid: old.rid) }
            replaced = !existing.isEmpty
        }
        // A regular event not looked up above is refused by the id's unique index if it is stored already.
        guard let rid = try insertRow(event, fields: fields, raw: raw) else { return .duplicate }
        try insertTags(event, rid: rid)
        if event.kind == .deletion { try applyDeletion(event) }
        return replaced ? .replaced : .stored
    }

    /// The new row's rid, or nil when an event with this id is stored already.
    private func insertRow(_ event: Event, fields: StoredFields, raw: [UInt8]) throws(StoreError) -> Int64? {
        let s = try prepare("INSERT OR IGNORE INTO events(id, pubkey, created_at, kind, d_tag, expiration, raw) VALUES(?, ?, ?, ?, ?, ?, ?)")
        defer { s.reset() }
        try s.bind(blob: event.id.bytes, at: 1)
        try s.bind(blob: event.pubkey.bytes, at: 2)
        try s.bind(event.createdAt, at: 3)
        try s.bind(Int64(event.kind.rawValue), at: 4)
        if let d = fields.d { try s.bind(d, at: 5) } else { try s.bindNull(at: 5) }
        if let exp = fields.expiration { try s.bind(exp, at: 6) } else { try s.bindNull(at: 6) }
        try s.bind(utf8: raw, at: 7)
        try s.step()
        return changes > 0 ? lastInsertRowID : nil
    }

    /// NIP-01: only single-letter tags are queryable, and only by their first value.
    private func insertTags(_ event: Event, rid: Int64) throws(StoreError) {
        let kind = Int64(event.kind.rawValue)
        let s: Statement? = tagBuffer == nil ? try prepare(TagRow.insertSQL) : nil
        for tag in event.tags where tag.fields.count > 1 && tag.fields[0].utf8.count == 1 {
            let row = TagRow(vid: try tagValueID(tag.fields[0], tag.fields[1]), createdAt: event.createdAt, event: rid, kind: kind)
            if let s { try row.insert(with: s) } else { tagBuffer?.rows.append(row) }
        }
    }

    /// Deletes one stored event and its tag rows.
    ///
    /// The rows' keys come from the event's own tags (parsed from its stored JSON): an index from
    /// event to rows would cost a second b-tree insert for every tag of every event.
    func removeEvent(rid: Int64) throws(StoreError) {
        tagBuffer?.remove(rid)
        let read = try prepare("SELECT raw, created_at FROM events WHERE rid = ?")
        try read.bind(rid, at: 1)
        guard try read.step() else { read.reset(); return }
        let raw = read.bytes(0), createdAt = read.int64(1)
        read.reset()
        var rows: [TagRow] = []
        if let event = try? Event(json: raw) {
            for tag in event.tags where tag.fields.count > 1 && tag.fields[0].utf8.count == 1 {
                guard let vid = try knownTagValueID(tag.fields[0], tag.fields[1]) else { continue }
                rows.append(TagRow(vid: vid, createdAt: createdAt, event: rid, kind: 0))
            }
        } else {
            // Unreadable stored JSON (damage): find the rows the slow way rather than leave them behind.
            let scan = try prepare("DELETE FROM tags WHERE event = ?")
            try scan.bind(rid, at: 1)
            try scan.step()
            scan.reset()
        }
        if tagBuffer != nil {
            // In a batch the rows are deleted at its end, sorted like the inserts (see `TagBuffer`).
            tagBuffer?.deletes += rows
        } else {
            let d = try prepare(TagRow.deleteSQL)
            for row in rows { try row.delete(with: d) }
        }
        let e = try prepare("DELETE FROM events WHERE rid = ?")
        try e.bind(rid, at: 1)
        try e.step()
        e.reset()
    }

    /// The stored versions of a replaceable (`d` nil) or addressable event, with their rows.
    func storedVersions(kind: Kind, pubkey: PublicKey, d: String?) throws(StoreError) -> [(rid: Int64, version: NewestVersions.Version)] {
        let s: Statement
        if let d {
            s = try prepare("SELECT rid, id, created_at FROM events WHERE kind = ? AND pubkey = ? AND d_tag = ?")
            try s.bind(Int64(kind.rawValue), at: 1)
            try s.bind(blob: pubkey.bytes, at: 2)
            try s.bind(d, at: 3)
        } else {
            s = try prepare("SELECT rid, id, created_at FROM events WHERE pubkey = ? AND kind = ?")
            try s.bind(blob: pubkey.bytes, at: 1)
            try s.bind(Int64(kind.rawValue), at: 2)
        }
        defer { s.reset() }
        var out: [(rid: Int64, version: NewestVersions.Version)] = []
        while try s.step() {
            out.append((s.int64(0), NewestVersions.Version(createdAt: s.int64(2), id: EventID(unchecked: s.bytes(1)))))
        }
        return out
    }
}
