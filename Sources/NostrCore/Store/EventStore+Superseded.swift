/// The two ends of an import that skips superseded replaceable versions (see `NewestVersions`).
extension EventStore {
    /// The first pass: the newest version of each address in `paths`, parsed on `threads` cores.
    func newestVersions(paths: [String], threads: Int) throws(StoreError) -> NewestVersions {
        var plan = NewestVersions()
        try eachChunk(of: paths) { (lines: [[UInt8]]) in
            for entry in Parallel.map(lines.count, threads: threads, { NewestVersions.entry(lines[$0]) }) {
                if let entry { plan.add(entry) }
            }
        }
        return plan.finished()
    }

    /// Reads `paths` again from the start, in chunks of lines (the same lines, in the same order, as the import's).
    private func eachChunk(of paths: [String], _ body: ([[UInt8]]) throws(StoreError) -> Void) throws(StoreError) {
        for path in paths {
            let reader = try JSONLReader(path: path)
            while true {
                let lines = try reader.next(4_096, maxBytes: Self.maxBatchBytes, path: path)
                if lines.isEmpty { break }
                try body(lines)
            }
        }
    }

    /// The last pass: where the store did not keep an address's newest version (or a newer one), writes the
    /// versions skipped for it, in input order, as a one-by-one import would have; `skipped` holds their
    /// line numbers across `paths`. Their counts move from `superseded` to what writing them did.
    /// `lookup` is the connection for the checks (a pooled reader when nil).
    func replaySuperseded(_ skipped: [NewestVersions.Address: [Int]], plan: NewestVersions, paths: [String],
                          threads: Int, now: Int64?, lookup: SQLiteConnection?, summary: inout ImportSummary) throws(StoreError) {
        let check = { (db: SQLiteConnection) throws(StoreError) -> Set<Int> in
            var lines = Set<Int>()
            for (address, numbers) in skipped {
                guard let newest = plan.newest(of: address) else { continue }
                if let kept = try db.newestStoredVersion(of: address), !newest.isNewer(than: kept) { continue }
                lines.formUnion(numbers)
            }
            return lines
        }
        // The import's unmapped connection: a mapped reader would pull the whole new file into RSS.
        let replay: Set<Int>
        if let lookup { replay = try check(lookup) } else { replay = try reading(check) }
        guard !replay.isEmpty else { return }
        summary.superseded -= replay.count
        var pending: [[UInt8]] = []
        func flush() throws(StoreError) {
            guard !pending.isEmpty else { return }
            let (batch, unparsable, _) = try prepareLines(pending, threads: threads, now: now ?? Self.now())
            // Counted as superseded already: the lines parsed the first time, and they parse the same now.
            summary.unparsable += unparsable
            for r in try commit(batch) { summary.count(r) }
            pending = []
        }
        var number = 0
        try eachChunk(of: paths) { (lines: [[UInt8]]) throws(StoreError) in
            for line in lines {
                if replay.contains(number) { pending.append(line) }
                number += 1
            }
            if pending.count >= 1_000 { try flush() }
        }
        try flush()
    }
}

extension SQLiteConnection {
    /// The newest stored version at `address`, if any.
    func newestStoredVersion(of address: NewestVersions.Address) throws(StoreError) -> NewestVersions.Version? {
        let kind = Kind(address.kind)
        let stored = try storedVersions(kind: kind, pubkey: address.pubkey, d: kind.isAddressable ? address.d : nil)
        return stored.map(\.version).reduce(nil) { best, v in best.map { v.isNewer(than: $0) ? v : $0 } ?? v }
    }
}
