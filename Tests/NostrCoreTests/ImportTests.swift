import Foundation
import XCTest
import NostrCore
import TestSupport

/// Bulk JSONL import: counts, progress, and a store left consistent by a kill in the middle.
final class ImportTests: XCTestCase {
    private static let childDBVariable = "NAK_SWIFT_IMPORT_CHILD_DB"
    private var corpusPath: String { Corpus.root.appendingPathComponent("events/events.jsonl").path }

    private func tempPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    private func removeDB(_ path: String) {
        for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) }
    }

    func testCountsDuplicatesInvalidAndUnparsableLines() throws {
        let now: Int64 = 1_750_000_000
        let store = try EventStore()
        let e1 = try EventStoreRulesTests.make(at: 10, content: "one")
        let e2 = try EventStoreRulesTests.make(at: 11, content: "two")
        var tampered = e2.jsonBytes
        // Same id and signature, different content: the id no longer matches.
        let needle = Array("\"two\"".utf8), replacement = Array("\"2wo\"".utf8)
        if let r = tampered.firstRange(of: needle) { tampered.replaceSubrange(r, with: replacement) }
        let lines: [[UInt8]] = [e1.jsonBytes, e1.jsonBytes, Array("not json".utf8), tampered, e2.jsonBytes,
                                try EventStoreRulesTests.make(kind: 20000).jsonBytes]
        let summary = try store.importJSONL(lines: lines, batchSize: 2, now: now)
        XCTAssertEqual(summary.lines, 6)
        XCTAssertEqual(summary.stored, 2)
        XCTAssertEqual(summary.duplicates, 1)
        XCTAssertEqual(summary.unparsable, 1)
        XCTAssertEqual(summary.rejected, ["invalid id": 1, "ephemeral": 1])
        XCTAssertEqual(try store.importJSONL(lines: [e1.jsonBytes, e2.jsonBytes]).duplicates, 2)
    }

    func testImportFileReportsProgressAndPersists() throws {
        let path = tempPath("import")
        defer { removeDB(path) }
        let now: Int64 = 1_750_000_000
        let progress = ProgressLog()
        let summary: ImportSummary
        do {
            let store = try EventStore(path: path)
            summary = try store.importJSONL(paths: [corpusPath], batchSize: 2_000, now: now) { progress.append($0) }
        }
        XCTAssertEqual(summary.lines, 8903)
        XCTAssertEqual(summary.stored + summary.replaced + summary.superseded + summary.duplicates + summary.rejectedTotal
                       + summary.unparsable, 8903)
        XCTAssertGreaterThan(summary.superseded, 0)
        let steps = progress.all
        XCTAssertEqual(steps.count, 5)
        XCTAssertEqual(steps.last?.summary, summary)
        XCTAssertEqual(steps.last?.bytesRead, steps.last?.totalBytes)
        XCTAssertEqual(steps.map(\.bytesRead), steps.map(\.bytesRead).sorted())
        let reopened = try EventStore(path: path, readOnly: true)
        // What survives (after replacements and NIP-09 deletions) is what a one-batch in-memory import keeps.
        let memory = try EventStore()
        XCTAssertEqual(try memory.importJSONL(paths: [corpusPath], batchSize: 100_000, now: now), summary)
        XCTAssertEqual(try reopened.count([Filter()], now: now), try memory.count([Filter()], now: now))
    }

    /// Transactions that span several batches (and batches that end mid-transaction) store exactly what
    /// an in-memory import, one transaction per batch, stores.
    func testGroupedCommitsMatchPerBatchCommits() throws {
        let path = tempPath("grouped")
        defer { removeDB(path) }
        let now: Int64 = 1_750_000_000
        let grouped = try EventStore(path: path)
        let a = try grouped.importJSONL(paths: [corpusPath], batchSize: 500, commitBytes: 1 << 20, now: now)
        let memory = try EventStore()
        let b = try memory.importJSONL(paths: [corpusPath], batchSize: 500, now: now)
        XCTAssertEqual(a, b)
        XCTAssertEqual(try grouped.queryRaw([Filter()], now: now), try memory.queryRaw([Filter()], now: now))
        XCTAssertEqual(try grouped.stats().tagRows, try memory.stats().tagRows)
    }

    /// A file import into an empty index skips the known-id look-ups; its repeats still come out as duplicates.
    func testRepeatsIntoAnEmptyIndexAreStillDuplicates() throws {
        let path = tempPath("repeats")
        defer { removeDB(path) }
        let now: Int64 = 1_750_000_000
        let file = try EventStore(path: path)
        let a = try file.importJSONL(paths: [corpusPath, corpusPath], batchSize: 700, now: now)
        let memory = try EventStore()
        let b = try memory.importJSONL(paths: [corpusPath, corpusPath], batchSize: 700, now: now)
        XCTAssertEqual(a, b)
        XCTAssertGreaterThanOrEqual(a.duplicates, 8_600)
        XCTAssertEqual(try file.queryRaw([Filter()], now: now), try memory.queryRaw([Filter()], now: now))
    }

    /// The writer reads whether the deletion tables hold anything once per transaction; requests that fill
    /// them mid-transaction still refuse the copies after them, in the same batch and in later ones.
    func testDeletionRequestsTakeEffectWithinTheirTransaction() throws {
        let path = tempPath("deletions")
        defer { removeDB(path) }
        let now: Int64 = 1_750_000_000
        let alice = EventStoreRulesTests.alice
        let note = try EventStoreRulesTests.make(at: 10, content: "gone")
        let list = try EventStoreRulesTests.make(kind: 30_000, at: 10, tags: [["d", "x"]])
        let byID = try EventStoreRulesTests.make(kind: .deletion, at: 20, tags: [["e", note.id.hex]])
        let byAddress = try EventStoreRulesTests.make(kind: .deletion, at: 20, tags: [["a", "30000:\(alice.publicKey.hex):x"]])
        let filler = try (0..<5).map { try EventStoreRulesTests.make(at: 30 + Int64($0), content: "filler \($0)") }
        var bytes: [UInt8] = []
        for e in [byID, byAddress, note] + filler + [list] { bytes += e.jsonBytes + [0x0A] }
        let file = tempPath("deletions.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let store = try EventStore(path: path)
        // Batches of three in one transaction: the note is refused in the requests' batch, the list two batches later.
        let summary = try store.importJSONL(paths: [file], batchSize: 3, commitBytes: 1 << 20, now: now)
        XCTAssertEqual(summary.rejected, ["deleted": 2])
        XCTAssertEqual(summary.stored, 7)
        XCTAssertNil(try store.event(id: note.id))
        XCTAssertNil(try store.event(id: list.id))
    }

    /// A failure after the last batch's results were handed back (here the tag rows, inserted just before
    /// the commit) still fails the import, and its transaction leaves nothing behind.
    func testAFailureAtTheLastCommitFailsTheImport() throws {
        let path = tempPath("failing")
        defer { removeDB(path) }
        let store = try EventStore(path: path)
        try store.migrate([Migration(id: "test.refuse-tags", sql: """
            CREATE TRIGGER refuse_tags BEFORE INSERT ON tags BEGIN SELECT RAISE(ABORT, 'no tag rows today'); END;
            """)])
        // Notes only: nothing superseded to replay, so no later write would hit the trigger either.
        let notes = try (0..<5).map { try EventStoreRulesTests.make(at: 10 + Int64($0), tags: [["t", "n\($0)"]], content: "\($0)") }
        let file = tempPath("notes.jsonl")
        try Data(notes.flatMap { $0.jsonBytes + [0x0A] }).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        XCTAssertThrowsError(try store.importJSONL(paths: [file], now: 1_750_000_000)) { error in
            XCTAssertTrue("\(error)".contains("no tag rows today"), "\(error)")
        }
        XCTAssertEqual(try store.count([Filter()]), 0)
    }

    /// The child half of `testKillDuringImportLeavesAConsistentStore`: does nothing in a normal run.
    func testImportChildProcess() throws {
        guard let db = ProcessInfo.processInfo.environment[Self.childDBVariable] else { return }
        let store = try EventStore(path: db)
        let out = FileHandle.standardOutput
        // Every batch its own transaction, so each "committed" line below is true when printed.
        _ = try store.importJSONL(paths: [corpusPath, corpusPath], batchSize: 300, threads: 1, commitBytes: 0) { p in
            out.write(Data("committed \(p.summary.lines)\n".utf8))
        }
        out.write(Data("finished\n".utf8))
    }

    func testKillDuringImportLeavesAConsistentStore() throws {
        let db = tempPath("killed")
        defer { removeDB(db) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["NostrCoreTests.ImportTests/testImportChildProcess"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childDBVariable: db]) { $1 }
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.nullDevice
        try child.run()
        // Wait (on the pipe, not a timer) until a few batches are committed, then kill it mid-import.
        var seen = ""
        let reader = pipe.fileHandleForReading
        while seen.components(separatedBy: "committed").count <= 3 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        XCTAssertFalse(seen.contains("finished"), "the import ended before it could be killed")
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)

        let store = try EventStore(path: db)
        let check = try store.read { db in try db.rows("PRAGMA integrity_check") }
        XCTAssertEqual(check, [[.text("ok")]])
        let raws = try store.queryRaw([Filter()], now: 0)
        XCTAssertGreaterThan(raws.count, 0, "the committed batches survive")
        for raw in raws {
            let e = try Event(json: raw)
            XCTAssertNoThrow(try e.verify(), "stored event \(e.id) does not verify")
        }
        // Tags and events agree: no tag row points at a missing event.
        let orphans = try store.read { db in try db.scalar("SELECT COUNT(*) FROM tags WHERE event NOT IN (SELECT rid FROM events)") }
        XCTAssertEqual(orphans, .integer(0))
        // And the import can simply be run again to finish.
        let rest = try store.importJSONL(paths: [corpusPath])
        XCTAssertEqual(rest.lines, 8903)
    }
}

/// Progress reports collected from the import callback.
private final class ProgressLog: @unchecked Sendable {
    // Guarded by being appended to only from the importing thread, read after it returns.
    private(set) var all: [ImportProgress] = []
    func append(_ p: ImportProgress) { all.append(p) }
}
