#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventStore {
    /// The most JSON an import parses per batch.
    static let maxBatchBytes = 4 << 20
    /// Batches an import prepares ahead of the writer, and the JSON they may hold together. With one, the
    /// verifying threads waited 1.6–1.8 s of a 9 s import of the synthetic set, leaving a core idle: while
    /// SQLite checkpoints after a commit the writer waits for two file syncs, and batches heavy in tags
    /// (contact lists) take it longer than their verification. A deeper queue lets verification run on
    /// through those; the byte bound keeps the decoded tags of queued contact lists within the RSS budget.
    static let batchesAhead = 6
    static let bytesAhead = 16 << 20
    /// The JSON a file import writes per transaction by default (several batches; see `ImportWriter`).
    public static let commitGroupBytes = 32 << 20

    /// Online cores, the default parallelism for parsing and verifying.
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Saves many events: duplicates dropped first, signatures verified on `threads` cores, then
    /// one transaction. Results are in input order, as `save` would give them one by one.
    public func save(_ events: [Event], verified: Bool = false, threads: Int = EventStore.cores,
                     now: Int64? = nil) throws(StoreError) -> [SaveResult] {
        let batch = try prepare(events, verified: verified, threads: threads, now: now ?? Self.now())
        return try commit(batch)
    }

    /// Bulk-imports JSONL files (one event per line): lines parsed and verified on `threads` cores,
    /// written `batchSize` (or 4 MiB of JSON) at a time, committed `commitBytes` of JSON per transaction
    /// (0: every batch). A crash or kill loses at most the uncommitted transaction; every committed event
    /// stays. `progress` is called on the calling thread after each written batch.
    ///
    /// Up to `batchesAhead` batches are parsed and verified while an earlier one is written, so the single
    /// SQLite writer and the verifying cores work at the same time. Regular files are read twice: a first
    /// pass finds the newest version of each replaceable address, so older versions are counted
    /// `superseded` instead of written and replaced again (see `NewestVersions`); the store ends the same.
    public func importJSONL(paths: [String], batchSize: Int = 1_000, threads: Int = EventStore.cores,
                            commitBytes: Int = EventStore.commitGroupBytes, now: Int64? = nil,
                            progress: ((ImportProgress) -> Void)? = nil) throws(StoreError) -> ImportSummary {
        var readers: [(path: String, reader: JSONLReader)] = []
        for p in paths { readers.append((p, try JSONLReader(path: p))) }
        let sizes = readers.map(\.reader.size)
        let total: Int? = sizes.allSatisfy { $0 != nil } ? sizes.reduce(0) { $0 + ($1 ?? 0) } : nil
        var summary = ImportSummary()
        // Two passes need files that can be read twice; a pipe is imported one by one.
        let plan = total == nil ? NewestVersions() : try newestVersions(paths: paths, threads: threads)
        // Line numbers (across all files) of the skipped versions, per address, for `replaySuperseded`.
        var skipped: [NewestVersions.Address: [Int]] = [:]
        // An in-memory store reads through its writer, so it cannot keep a transaction open between batches.
        let writer = ImportWriter(store: self, groupBytes: self.readers.isEmpty ? 0 : max(0, commitBytes))
        let lookup = self.readers.isEmpty ? nil : try unmappedReader()
        // An index empty when the import begins holds nothing to look up; the writer still finds the
        // import's own repeats (after verifying them, which only a file with repeats pays for).
        let startedEmpty = try lookup?.scalar("SELECT EXISTS(SELECT 1 FROM events)") == .integer(0)
        // The batches' authors overlap; each key is parsed once per import rather than once per batch.
        let keys = ParsedKeyCache()
        // Submitted batches not yet written, oldest first; each is held until its results are read, so it is
        // freed on this thread rather than the writer's.
        var inFlight: [(bytes: Int, json: Int, superseded: Set<Int>, batch: PreparedBatch)] = []
        var doneBytes = 0

        func finishOldest() throws(StoreError) {
            guard !inFlight.isEmpty else { return }
            let batch = inFlight.removeFirst()
            for (i, r) in try writer.nextResults().enumerated() {
                if batch.superseded.contains(i) { summary.superseded += 1 } else { summary.count(r) }
            }
            progress?(ImportProgress(summary: summary, bytesRead: batch.bytes, totalBytes: total))
        }

        do throws(StoreError) {
            for (path, reader) in readers {
                while true {
                    // Bounded by bytes too: a batch of big contact lists would otherwise hold hundreds of MB.
                    let lines = try reader.next(max(1, batchSize), maxBytes: Self.maxBatchBytes, path: path)
                    if lines.isEmpty { break }
                    let (batch, unparsable, lineOf) = try prepareLines(lines, threads: threads, now: now ?? Self.now(),
                                                                       lookup: lookup, plan: plan, skipKnown: startedEmpty,
                                                                       keys: keys)
                    for s in batch.superseded { skipped[s.address, default: []].append(summary.lines + lineOf[s.index]) }
                    summary.lines += lines.count
                    summary.unparsable += unparsable
                    let json = lines.reduce(0) { $0 + $1.count }
                    while inFlight.count >= Self.batchesAhead
                            || (!inFlight.isEmpty && inFlight.reduce(json) { $0 + $1.json } > Self.bytesAhead) {
                        try finishOldest()
                    }
                    writer.submit(batch, bytes: json)
                    inFlight.append((doneBytes + reader.bytesRead, json, Set(batch.superseded.map(\.index)), batch))
                }
                doneBytes += reader.bytesRead
            }
            while !inFlight.isEmpty { try finishOldest() }
        } catch {
            try? writer.finish()
            throw error
        }
        try writer.finish()
        if !skipped.isEmpty {
            let before = summary
            try replaySuperseded(skipped, plan: plan, paths: paths, threads: threads, now: now, lookup: lookup,
                                 summary: &summary)
            if summary != before { progress?(ImportProgress(summary: summary, bytesRead: doneBytes, totalBytes: total)) }
        }
        return summary
    }

    /// Imports JSONL lines already in memory (stdin, tests), one transaction per `batchSize`.
    public func importJSONL(lines: [[UInt8]], batchSize: Int = 10_000, threads: Int = EventStore.cores,
                            now: Int64? = nil) throws(StoreError) -> ImportSummary {
        var summary = ImportSummary()
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + max(1, batchSize))
            let (batch, unparsable, _) = try prepareLines(Array(lines[start..<end]), threads: threads, now: now ?? Self.now())
            summary.lines += end - start
            summary.unparsable += unparsable
            for r in try commit(batch) { summary.count(r) }
            start = end
        }
        return summary
    }

    /// Parses lines on `threads` cores, then prepares the events that parsed; `lineOf` maps each
    /// event's index to its line's.
    func prepareLines(_ lines: [[UInt8]], threads: Int, now: Int64, lookup: SQLiteConnection? = nil,
                      plan: NewestVersions? = nil, skipKnown: Bool = false,
                      keys: ParsedKeyCache? = nil) throws(StoreError) -> (PreparedBatch, unparsable: Int, lineOf: [Int]) {
        let plan = plan.flatMap { $0.isEmpty ? nil : $0 }
        let parsed = Parallel.map(lines.count, threads: threads) { i -> (Event, StoredFields, SaveResult?, NewestVersions.Address?)? in
            guard let e = try? Event(json: lines[i]) else { return nil }
            // Read from the raw tags, before they are decoded (and never decoded, for most skipped events).
            let fields = StoredFields(of: e)
            let early = Self.precheck(e, now: now, expiration: fields.expiration)
            let superseded = early == nil ? plan?.supersededAddress(of: e) : nil
            // The writer inserts the tags: decode them here, on all cores, unless the event will not be
            // written (a superseded contact list's hundreds of tags are never built).
            if early == nil, superseded == nil { _ = e.tags }
            return (e, fields, early, superseded)
        }
        var events: [Event] = []
        var fields: [StoredFields] = []
        var prechecks: [SaveResult?] = []
        var supersededAt: [NewestVersions.Address?] = []
        var lineOf: [Int] = []
        events.reserveCapacity(parsed.count)
        fields.reserveCapacity(parsed.count)
        prechecks.reserveCapacity(parsed.count)
        supersededAt.reserveCapacity(parsed.count)
        lineOf.reserveCapacity(parsed.count)
        for (i, p) in parsed.enumerated() {
            if let p {
                events.append(p.0)
                fields.append(p.1)
                prechecks.append(p.2)
                supersededAt.append(p.3)
                lineOf.append(i)
            }
        }
        var batch = try prepare(events, verified: false, threads: threads, now: now, lookup: lookup,
                                prechecks: prechecks, supersededAt: plan == nil ? nil : supersededAt, skipKnown: skipKnown,
                                keys: keys)
        batch.fields = fields
        return (batch, lines.count - events.count, lineOf)
    }

    /// Everything before the write lock: prechecks, duplicates (in the batch and in the index),
    /// then signatures of what is left.
    /// `lookup` is the connection for the known-id checks (a pooled reader when nil).
    /// `prechecks` are `precheck`'s answers when the caller has them already. Events with an address in
    /// `supersededAt` (a newer version is in the import) are neither verified nor written
    /// (`PreparedBatch.superseded`). `skipKnown` leaves duplicates of stored events to the writer.
    func prepare(_ events: [Event], verified: Bool, threads: Int, now: Int64, lookup: SQLiteConnection? = nil,
                 prechecks: [SaveResult?]? = nil, supersededAt: [NewestVersions.Address?]? = nil,
                 skipKnown: Bool = false, keys: ParsedKeyCache? = nil) throws(StoreError) -> PreparedBatch {
        var results = [SaveResult?](repeating: nil, count: events.count)
        var seen = Set<EventID>(minimumCapacity: events.count)
        var pending: [Int] = []
        pending.reserveCapacity(events.count)
        for (i, e) in events.enumerated() {
            let early = if let prechecks { prechecks[i] } else { Self.precheck(e, now: now) }
            if let early { results[i] = early; continue }
            if !seen.insert(e.id).inserted { results[i] = .duplicate; continue }
            pending.append(i)
        }
        // Known ids are answered before any signature check (the costly part).
        let known = { (db: SQLiteConnection) throws(StoreError) -> [Bool] in
            var out: [Bool] = []
            out.reserveCapacity(pending.count)
            for i in pending { out.append(try db.containsEvent(events[i].id)) }
            return out
        }
        let isKnown: [Bool]
        if skipKnown {
            isKnown = [Bool](repeating: false, count: pending.count)
        } else if let lookup {
            isKnown = try known(lookup)
        } else {
            isKnown = try reading(known)
        }
        var toVerify: [Int] = []
        var superseded: [(index: Int, address: NewestVersions.Address)] = []
        for (k, i) in pending.enumerated() {
            if isKnown[k] {
                results[i] = .duplicate
            } else if let address = supersededAt?[i] {
                // Never written, so never verified either: if the newer version is not kept after all, the
                // import replays this one through here without a plan, and verifies it then.
                superseded.append((i, address))
                results[i] = .rejected(.olderThanStored)
            } else {
                toVerify.append(i)
            }
        }
        var toInsert = toVerify
        if !verified {
            let errors = BatchVerifier.verify(toVerify.map { events[$0] }, threads: threads, keys: keys)
            toInsert = []
            for (k, i) in toVerify.enumerated() {
                if let err = errors[k] { results[i] = .rejected(.invalid(err)) } else { toInsert.append(i) }
            }
        }
        return PreparedBatch(events: events, results: results, toInsert: toInsert, superseded: superseded)
    }

    /// Writes a prepared batch in one transaction; results in input order.
    func commit(_ batch: PreparedBatch) throws(StoreError) -> [SaveResult] {
        try writing { (db: SQLiteConnection) throws(StoreError) -> [SaveResult] in try insert(batch, on: db) }
    }

    /// Writes a prepared batch inside the caller's transaction; results in input order.
    func insert(_ batch: PreparedBatch, on db: SQLiteConnection) throws(StoreError) -> [SaveResult] {
        var results = batch.results
        // A caller holding one buffer over several batches (the import's writer) flushes it itself.
        let owned = db.tagBuffer == nil
        if owned { db.tagBuffer = TagBuffer() }
        defer { if owned { db.tagBuffer = nil } }
        for i in batch.toInsert {
            let fields = batch.fields.isEmpty ? nil : batch.fields[i]
            results[i] = try db.insert(batch.events[i], raw: Self.rawBytes(of: batch.events[i]), fields: fields)
        }
        if owned { try db.flushTags() }
        // Every slot is filled above; a hole would be a bug, reported as a harmless duplicate.
        return results.map { $0 ?? .duplicate }
    }
}

/// Events checked and verified, waiting for the write transaction.
struct PreparedBatch: Sendable {
    let events: [Event]
    /// Outcomes decided without writing (nil where the insert decides).
    let results: [SaveResult?]
    /// Indices of the events to insert, in order.
    let toInsert: [Int]
    /// Indices (and addresses) of events not verified nor written because the import holds a newer version
    /// (see `NewestVersions`).
    var superseded: [(index: Int, address: NewestVersions.Address)] = []
    /// Each event's `StoredFields` when they were read while parsing (empty: the writer reads them).
    var fields: [StoredFields] = []
}
