/// A small key-value table for other modules' state (sync markers, cursors).
extension EventStore {
    /// Stores `value` under `key`, replacing what was there.
    public func setState(_ value: String, forKey key: String) throws(StoreError) {
        try writing { (db: SQLiteConnection) throws(StoreError) in
            try db.run("INSERT OR REPLACE INTO state(key, value) VALUES(?, ?)", [.text(key), .text(value)])
        }
    }

    /// The value stored under `key`, if any.
    public func state(forKey key: String) throws(StoreError) -> String? {
        try reading { (db: SQLiteConnection) throws(StoreError) in
            try db.scalar("SELECT value FROM state WHERE key = ?", [.text(key)])?.string
        }
    }

    /// Removes `key`.
    public func removeState(forKey key: String) throws(StoreError) {
        try writing { (db: SQLiteConnection) throws(StoreError) in
            try db.run("DELETE FROM state WHERE key = ?", [.text(key)])
        }
    }
}
