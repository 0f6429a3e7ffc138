import Foundation
import XCTest
import NostrCore
import TestSupport

/// `import` and `index stats` as a user runs them.
final class IndexCommandTests: XCTestCase {
    private var db: String!

    override func setUp() {
        db = FileManager.default.temporaryDirectory.appendingPathComponent("cli-index-\(UUID().uuidString).sqlite").path
    }

    override func tearDown() {
        for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + s) }
    }

    func testImportThenStats() throws {
        let corpus = Corpus.root.appendingPathComponent("events/events.jsonl").path
        let imported = try CLIHarness.run(["import", "--db", db, corpus])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "")
        XCTAssertTrue(imported.stderr.contains("8903 lines: 8657 stored, 77 replaced, 130 superseded"), imported.stderr)
        XCTAssertFalse(imported.stderr.contains("\r"), "no progress bar when stderr is not a terminal")

        let stats = try CLIHarness.run(["index", "stats", "--db", db])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        let v = try JSONValue.parse(stats.stdout)
        XCTAssertEqual(v["events"]?.intValue, 8632)
        XCTAssertEqual(v["path"]?.stringValue, db)
    }

    func testReqWithoutRelayAnswersFromTheIndex() throws {
        let lines = String(decoding: try Corpus.data("events/events.jsonl"), as: UTF8.self).split(separator: "\n")
        let events = try lines.prefix(1500).map { try Event(json: String($0)) }
        let note = try XCTUnwrap(events.first { $0.kind == .textNote })
        XCTAssertEqual(try CLIHarness.run(["import", "--db", db], stdin: lines.prefix(1500).joined(separator: "\n")).status, 0)

        // Flags: the stored JSON comes back byte for byte.
        let byID = try CLIHarness.run(["req", "-i", note.id.hex, "--db", db])
        XCTAssertEqual(byID.status, 0, byID.stderr)
        XCTAssertEqual(byID.lines, [String(decoding: note.raw ?? [], as: UTF8.self)])
        // A stdin filter, with the flags applied on top.
        let piped = try CLIHarness.run(["req", "-l", "3", "--db", db], stdin: "{\"kinds\":[1]}\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.lines.count, 3)
        let times = try piped.lines.map { try Event(json: $0).createdAt }
        XCTAssertEqual(times, times.sorted(by: >))
        XCTAssertTrue(try piped.lines.allSatisfy { try Event(json: $0).kind == .textNote })
        // No index yet: a message that says what to do.
        let none = try CLIHarness.run(["req", "-k", "1"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("nak-swift import"), none.stderr)
    }

    func testImportFromStdinCountsBadLinesAndExits123() throws {
        let line = try XCTUnwrap(String(decoding: try Corpus.data("events/events.jsonl"), as: UTF8.self)
            .split(separator: "\n").first)
        let r = try CLIHarness.run(["import", "--db", db], stdin: "\(line)\nnot an event\n")
        XCTAssertEqual(r.status, 123, r.stderr)
        XCTAssertTrue(r.stderr.contains("1 stored"), r.stderr)
        XCTAssertTrue(r.stderr.contains("1 unparsable"), r.stderr)
    }

    func testMissingFileIsAnError() throws {
        let r = try CLIHarness.run(["import", "--db", db, "/nonexistent/x.jsonl"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cannot read /nonexistent/x.jsonl"), r.stderr)
    }
}
