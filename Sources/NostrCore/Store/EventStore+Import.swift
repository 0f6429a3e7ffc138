#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventStore {
    /// Online cores, the default parallelism for parsing and verifying.
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Saves many events: duplicates dropped first, signatures verified on `threads` cores, then
    /// one transaction. Results are in input order, as `save` would give them one by one.
    public func save(_ events: [Event], verified: Bool = false, threads: Int = EventStore.cores,
                     now: Int64? = nil) throws(StoreError) -> [SaveResult] {
        let now = now ?? Self.now()
        var results = [SaveResult?](repeating: nil, count: events.count)
        var seen = Set<EventID>(minimumCapacity: events.count)
        var pending: [Int] = []
        pending.reserveCapacity(events.count)
        for (i, e) in events.enumerated() {
            if let early = Self.precheck(e, now: now) { results[i] = early; continue }
            if !seen.insert(e.id).inserted { results[i] = .duplicate; continue }
            pending.append(i)
        }
        // Known ids are answered before any signature check (the costly part).
        let known = try reading { (db: SQLiteConnection) throws(StoreError) -> [Bool] in
            var out: [Bool] = []
            out.reserveCapacity(pending.count)
            for i in pending { out.append(try db.containsEvent(events[i].id)) }
            return out
        }
        var toVerify: [Int] = []
        for (k, i) in pending.enumerated() {
            if known[k] { results[i] = .duplicate } else { toVerify.append(i) }
        }
        var toInsert = toVerify
        if !verified {
            let errors = BatchVerifier.verify(toVerify.map { events[$0] }, threads: threads)
            toInsert = []
            for (k, i) in toVerify.enumerated() {
                if let err = errors[k] { results[i] = .rejected(.invalid(err)) } else { toInsert.append(i) }
            }
        }
        let inserted = try writing { (db: SQLiteConnection) throws(StoreError) -> [SaveResult] in
            var out: [SaveResult] = []
            out.reserveCapacity(toInsert.count)
            for i in toInsert { out.append(try db.insert(events[i], raw: Self.rawBytes(of: events[i]))) }
            return out
        }
        for (k, i) in toInsert.enumerated() { results[i] = inserted[k] }
        return results.map { $0 ?? .duplicate }
    }

    /// Bulk-imports JSONL files (one event per line): lines parsed and verified on `threads` cores,
    /// stored `batchSize` per transaction. A crash or kill loses at most the batch in flight; every
    /// committed event stays. `progress` is called after each committed batch.
    public func importJSONL(paths: [String], batchSize: Int = 10_000, threads: Int = EventStore.cores,
                            now: Int64? = nil,
                            progress: ((ImportProgress) -> Void)? = nil) throws(StoreError) -> ImportSummary {
        var summary = ImportSummary()
        var readers: [(path: String, reader: JSONLReader)] = []
        for p in paths { readers.append((p, try JSONLReader(path: p))) }
        let total: Int? = readers.allSatisfy { $0.reader.size != nil } ? readers.reduce(0) { $0 + ($1.reader.size ?? 0) } : nil
        var doneBytes = 0
        for (path, reader) in readers {
            while true {
                let lines = try reader.next(max(1, batchSize), path: path)
                if lines.isEmpty { break }
                try importBatch(lines, threads: threads, now: now, into: &summary)
                progress?(ImportProgress(summary: summary, bytesRead: doneBytes + reader.bytesRead, totalBytes: total))
            }
            doneBytes += reader.bytesRead
        }
        return summary
    }

    /// Imports JSONL lines already in memory (stdin, tests).
    public func importJSONL(lines: [[UInt8]], batchSize: Int = 10_000, threads: Int = EventStore.cores,
                            now: Int64? = nil) throws(StoreError) -> ImportSummary {
        var summary = ImportSummary()
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + max(1, batchSize))
            try importBatch(Array(lines[start..<end]), threads: threads, now: now, into: &summary)
            start = end
        }
        return summary
    }

    private func importBatch(_ lines: [[UInt8]], threads: Int, now: Int64?, into summary: inout ImportSummary) throws(StoreError) {
        summary.lines += lines.count
        let parsed = Parallel.map(lines.count, threads: threads) { i -> Event? in try? Event(json: lines[i]) }
        var events: [Event] = []
        events.reserveCapacity(parsed.count)
        for e in parsed {
            if let e { events.append(e) } else { summary.unparsable += 1 }
        }
        for r in try save(events, threads: threads, now: now) { summary.count(r) }
    }
}
