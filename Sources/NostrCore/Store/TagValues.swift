#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ids of tag values the writer knows, so a contact list's hundreds of `p` tags cost a dictionary
/// hit each rather than a `tag_values` look-up. Ids are never deleted, so a cached one stays right even
/// while other processes write; only a rollback can invalidate one (see `SQLiteConnection.transaction`).
struct TagValueCache {
    /// Beyond this many values the cache starts over (about 100 bytes each).
    static let capacity = 200_000

    /// A cache key: the one-letter name and the value, kept apart so a look-up neither builds nor
    /// hashes a joined string (44k look-ups in a 9k-event import).
    ///
    /// Equal and hashed by their UTF-8 bytes, as SQLite compares the stored values: `String`'s `==` calls
    /// "é" and "e\u{301}" equal, which gave the second value the first one's id. Hashing the bytes is also
    /// cheaper than `String` hashing, which the writer paid for every tag of every contact list.
    struct Key: Hashable {
        let name: String
        let value: String
        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }

        static func == (a: Key, b: Key) -> Bool { sameBytes(a.value, b.value) && sameBytes(a.name, b.name) }

        func hash(into hasher: inout Hasher) {
            var name = name, value = value
            name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a, b = b
            return a.withUTF8 { x in
                b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
            }
        }
    }

    private var ids: [Key: Int64] = [:]

    subscript(key: Key) -> Int64? { ids[key] }

    mutating func insert(_ id: Int64, for key: Key) {
        if ids.count >= Self.capacity {
            ids.removeAll(keepingCapacity: true)
        } else if ids.count >= ids.capacity {
            // Growing by 4 rather than 2 rehashes (and so re-hashes every 64-character value) half as often.
            ids.reserveCapacity(min(Self.capacity, max(1024, ids.count * 4)))
        }
        ids[key] = id
    }

    mutating func removeAll() { ids.removeAll() }
}

extension SQLiteConnection {
    /// The stored id of the single-letter tag `name` with first value `value`, looked up in the table
    /// (readers use this directly, so their connections keep no cache).
    func storedTagValueID(_ name: String, _ value: String) throws(StoreError) -> Int64? {
        let find = try prepare("SELECT vid FROM tag_values WHERE name = ? AND value = ?")
        defer { find.reset() }
        try find.bind(name, at: 1)
        try find.bind(value, at: 2)
        return try find.step() ? find.int64(0) : nil
    }

    /// The id of the single-letter tag `name` with first value `value`, if the dictionary has it (writer,
    /// remembered in `tagValueIDs`).
    func knownTagValueID(_ name: String, _ value: String) throws(StoreError) -> Int64? {
        let key = TagValueCache.Key(name, value)
        if let id = tagValueIDs[key] { return id }
        guard let found = try storedTagValueID(name, value) else { return nil }
        tagValueIDs.insert(found, for: key)
        return found
    }

    /// The id of the single-letter tag `name` with first value `value`, created when new (writer only).
    ///
    /// A value the cache does not know is most often new (an import's values nearly all are), so the
    /// insert comes first and the look-up only when it was ignored: one b-tree probe instead of two.
    func tagValueID(_ name: String, _ value: String) throws(StoreError) -> Int64 {
        let key = TagValueCache.Key(name, value)
        if let id = tagValueIDs[key] { return id }
        let add = try prepare("INSERT OR IGNORE INTO tag_values(name, value) VALUES(?, ?)")
        try add.bind(name, at: 1)
        try add.bind(value, at: 2)
        try add.step()
        add.reset()
        let id: Int64
        if changes > 0 {
            id = lastInsertRowID
        } else if let found = try storedTagValueID(name, value) {
            id = found
        } else {
            // An ignored insert means the pair exists, unless the table's constraints were changed.
            throw .corrupt(what: "tag_values refused a new value without holding it")
        }
        tagValueIDs.insert(id, for: key)
        return id
    }
}
