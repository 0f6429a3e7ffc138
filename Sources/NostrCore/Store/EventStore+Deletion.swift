/// NIP-09 deletion requests. https://github.com/nostr-protocol/nips/blob/master/09.md
extension SQLiteConnection {
    /// Whether an `a` deletion covers this version of a replaceable or addressable event.
    func isDeletedAddress(_ event: Event, d: String) throws(StoreError) -> Bool {
        let s = try prepare("SELECT until FROM deleted_addresses WHERE kind = ? AND pubkey = ? AND d = ?")
        defer { s.reset() }
        try s.bind(Int64(event.kind.rawValue), at: 1)
        try s.bind(blob: event.pubkey.bytes, at: 2)
        try s.bind(d, at: 3)
        guard try s.step() else { return false }
        return event.createdAt <= s.int64(0)
    }

    /// Applies a stored kind-5 request: removes the author's own referenced events and remembers
    /// the references so later copies are refused. References to other authors' events do nothing.
    func applyDeletion(_ request: Event) throws(StoreError) {
        for tag in request.tags {
            guard let value = tag.value else { continue }
            switch tag.name {
            case "e":
                guard let id = try? EventID(hex: value) else { continue }
                try deleteByID(id, author: request.pubkey, at: request.createdAt)
            case "a":
                guard let address = Address(value), address.pubkey == request.pubkey.bytes,
                      address.kind.isReplaceable || address.kind.isAddressable else { continue }
                try deleteByAddress(address, until: request.createdAt)
            default:
                continue
            }
        }
    }

    private func deleteByID(_ id: EventID, author: PublicKey, at time: Int64) throws(StoreError) {
        let find = try prepare("SELECT rid, pubkey, kind FROM events WHERE id = ?")
        try find.bind(blob: id.bytes, at: 1)
        var target: (rid: Int64, pubkey: [UInt8], kind: Int64)?
        if try find.step() { target = (find.int64(0), find.bytes(1), find.int64(2)) }
        find.reset()
        if let target {
            // Only the author's own events, and a deletion of a deletion has no effect (NIP-09).
            guard target.pubkey == author.bytes, target.kind != Int64(Kind.deletion.rawValue) else { return }
            try removeEvent(rid: target.rid)
        }
        try run("INSERT OR IGNORE INTO deleted(id, pubkey, deleted_at) VALUES(?, ?, ?)",
                [.blob(id.bytes), .blob(author.bytes), .integer(time)])
        deletionMarksInTransaction?.ids = true
    }

    /// NIP-09: "delete all versions of the replaceable event up to the created_at of the deletion request".
    private func deleteByAddress(_ a: Address, until: Int64) throws(StoreError) {
        let kind = Int64(a.kind.rawValue)
        try run("""
            INSERT INTO deleted_addresses(kind, pubkey, d, until) VALUES(?, ?, ?, ?)
            ON CONFLICT(kind, pubkey, d) DO UPDATE SET until = max(until, excluded.until)
            """, [.integer(kind), .blob(a.pubkey), .text(a.d), .integer(until)])
        deletionMarksInTransaction?.addresses = true
        let find: Statement
        if a.kind.isAddressable {
            find = try prepare("SELECT rid FROM events WHERE kind = ? AND pubkey = ? AND d_tag = ? AND created_at <= ?")
            try find.bind(kind, at: 1)
            try find.bind(blob: a.pubkey, at: 2)
            try find.bind(a.d, at: 3)
            try find.bind(until, at: 4)
        } else {
            find = try prepare("SELECT rid FROM events WHERE pubkey = ? AND kind = ? AND created_at <= ?")
            try find.bind(blob: a.pubkey, at: 1)
            try find.bind(kind, at: 2)
            try find.bind(until, at: 3)
        }
        var rids: [Int64] = []
        while try find.step() { rids.append(find.int64(0)) }
        find.reset()
        for rid in rids { try removeEvent(rid: rid) }
    }
}

/// A parsed `a` tag value: `<kind>:<pubkey hex>:<d>` (d may contain ':').
struct Address {
    let kind: Kind
    let pubkey: [UInt8]
    let d: String

    init?(_ value: String) {
        let parts = value.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let k = Int(parts[0]), parts[1].utf8.count == 64,
              let pk = Hex.decode(parts[1]) else { return nil }
        kind = Kind(k)
        pubkey = pk
        d = parts.count == 3 ? String(parts[2]) : ""
    }
}
