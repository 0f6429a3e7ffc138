import Foundation
import XCTest
import NostrCore
import TestSupport

/// A file import skips replaceable versions a newer one in the same import supersedes, and still ends
/// exactly where a one-by-one import ends (`importJSONL(lines:)` never skips).
final class SupersededImportTests: XCTestCase {
    private let now: Int64 = 1_750_000_000
    private let keys = (1...6).map { try! SecretKey(hex: String(repeating: "0", count: 62) + String(format: "%02x", $0 + 16)) }

    private func file(_ lines: [[UInt8]]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("superseded-\(UUID().uuidString).jsonl").path
        var bytes: [UInt8] = []
        for l in lines { bytes += l + [0x0A] }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func make(_ key: SecretKey, kind: Kind, at time: Int64, tags: [Tag] = [], content: String = "") throws -> Event {
        try EventStoreRulesTests.make(key, kind: kind, at: time, tags: tags, content: content)
    }

    /// The same event with one signature character changed: its id still matches, its signature fails.
    private func forged(_ e: Event) -> [UInt8] {
        var json = e.jsonBytes
        let sig = Array(e.sig.map { String(format: "%02x", $0) }.joined().utf8)
        if let r = json.firstRange(of: sig) { json[r.lowerBound] = json[r.lowerBound] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0") }
        return json
    }

    /// Imports `lines` from a file and one by one; both stores must hold the same events and tag rows.
    @discardableResult
    private func assertSameAsOneByOne(_ lines: [[UInt8]], before: [Event] = [],
                                      file: StaticString = #filePath, line: UInt = #line) throws -> ImportSummary {
        let path = try self.file(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let skipping = try EventStore(), oneByOne = try EventStore()
        for e in before {
            _ = try skipping.save(e, now: now)
            _ = try oneByOne.save(e, now: now)
        }
        let summary = try skipping.importJSONL(paths: [path], batchSize: 7, now: now)
        let reference = try oneByOne.importJSONL(lines: lines, batchSize: 1, now: now)
        let text = { (store: EventStore) in try store.queryRaw([Filter()], now: self.now).map { String(decoding: $0, as: UTF8.self) } }
        XCTAssertEqual(try text(skipping), try text(oneByOne),
                       "stored events differ", file: file, line: line)
        XCTAssertEqual(try skipping.stats().tagRows, try oneByOne.stats().tagRows, file: file, line: line)
        XCTAssertEqual(summary.lines, reference.lines, file: file, line: line)
        XCTAssertEqual(summary.stored + summary.replaced + summary.superseded + summary.duplicates
                       + summary.rejectedTotal + summary.unparsable, lines.count, file: file, line: line)
        return summary
    }

    func testRepublishedContactListsAndAddressesAreSkippedAndEndTheSame() throws {
        var rng = SystemRandomNumberGenerator()
        var lines: [[UInt8]] = []
        for (n, key) in keys.enumerated() {
            for version in 0..<5 {
                let follows = (0..<(20 + version)).map { Tag(["p", String(format: "%064x", n * 100 + $0)]) }
                lines.append(try make(key, kind: 3, at: 1_000 + Int64(version), tags: follows).jsonBytes)
                lines.append(try make(key, kind: 30_000, at: 2_000 + Int64(version % 2), tags: [["d", "list\(version % 2)"], ["p", String(format: "%064x", version)]]).jsonBytes)
                lines.append(try make(key, kind: 1, at: 3_000 + Int64(version), content: "note \(version)").jsonBytes)
            }
            // Two versions at the same second: the lower id wins either way round.
            lines.append(try make(key, kind: 0, at: 5_000, content: #"{"name":"a"}"#).jsonBytes)
            lines.append(try make(key, kind: 0, at: 5_000, content: #"{"name":"b"}"#).jsonBytes)
        }
        lines.shuffle(using: &rng)
        let summary = try assertSameAsOneByOne(lines)
        // Per author: 4 older contact lists, 2 + 1 older versions of the two lists, one of the two profiles.
        XCTAssertEqual(summary.superseded, keys.count * (4 + 3 + 1))
        XCTAssertEqual(summary.rejectedTotal, 0)
    }

    /// The first pass reads every file: versions in the first file are superseded by one in the second.
    func testNewestVersionInALaterFileSupersedesTheEarlierFilesVersions() throws {
        var first: [[UInt8]] = [], second: [[UInt8]] = []
        for key in keys {
            for version in 0..<4 { first.append(try make(key, kind: 3, at: 100 + Int64(version)).jsonBytes) }
            second.append(try make(key, kind: 3, at: 200).jsonBytes)
        }
        let a = try file(first), b = try file(second)
        defer { for p in [a, b] { try? FileManager.default.removeItem(atPath: p) } }
        let store = try EventStore(), oneByOne = try EventStore()
        let summary = try store.importJSONL(paths: [a, b], batchSize: 5, now: now)
        _ = try oneByOne.importJSONL(lines: first + second, batchSize: 1, now: now)
        XCTAssertEqual(summary.superseded, keys.count * 4)
        XCTAssertEqual(summary.stored, keys.count)
        XCTAssertEqual(try store.queryRaw([Filter()], now: now), try oneByOne.queryRaw([Filter()], now: now))
    }

    func testAForgedExpiredOrOutdatedNewestVersionKeepsTheBestOlderOne() throws {
        let (a, b, c, d) = (keys[0], keys[1], keys[2], keys[3])
        var lines: [[UInt8]] = []
        // a: the newest contact list's signature is forged, so the one before it must be kept.
        lines.append(try make(a, kind: 3, at: 10, tags: [["p", String(repeating: "1", count: 64)]]).jsonBytes)
        lines.append(try make(a, kind: 3, at: 11, tags: [["p", String(repeating: "2", count: 64)]]).jsonBytes)
        lines.append(forged(try make(a, kind: 3, at: 12, tags: [["p", String(repeating: "3", count: 64)]])))
        // b: the newest has expired.
        lines.append(try make(b, kind: 10_002, at: 10, tags: [["r", "wss://one"]]).jsonBytes)
        lines.append(try make(b, kind: 10_002, at: 11, tags: [["r", "wss://two"], ["expiration", "\(now - 1)"]]).jsonBytes)
        // c: the store already holds a newer version than any in the file.
        lines.append(try make(c, kind: 0, at: 10).jsonBytes)
        lines.append(try make(c, kind: 0, at: 11).jsonBytes)
        let stored = try make(c, kind: 0, at: 50)
        // d: an older version with a bad signature is superseded, never verified: it would not be written anyway.
        lines.append(forged(try make(d, kind: 0, at: 1)))
        lines.append(try make(d, kind: 0, at: 2).jsonBytes)
        let summary = try assertSameAsOneByOne(lines, before: [stored])
        XCTAssertEqual(summary.rejected["invalid signature"], 1)
        XCTAssertEqual(summary.rejected["expired"], 1)
        // c's and d's older ones stay superseded (c's stored one is newer still); a's and b's were written after all.
        XCTAssertEqual(summary.superseded, 2)
    }

    func testDeletionRequestsKeepTheirAuthorsVersionsOneByOne() throws {
        let (a, b) = (keys[4], keys[5])
        var lines: [[UInt8]] = []
        // a deletes its newest list by id after publishing it: the older list stays (one by one it was
        // stored, replaced, and the replacement then deleted; nothing is left).
        let v1 = try make(a, kind: 3, at: 10, tags: [["p", String(repeating: "4", count: 64)]])
        let v2 = try make(a, kind: 3, at: 11, tags: [["p", String(repeating: "5", count: 64)]])
        let v0 = try make(a, kind: 3, at: 9, tags: [["p", String(repeating: "6", count: 64)]])
        lines += [v1.jsonBytes, v2.jsonBytes, try make(a, kind: .deletion, at: 12, tags: [["e", v2.id.hex]]).jsonBytes, v0.jsonBytes]
        // b deletes by address up to a time between its versions.
        lines.append(try make(b, kind: 30_000, at: 20, tags: [["d", "x"]]).jsonBytes)
        lines.append(try make(b, kind: .deletion, at: 25, tags: [["a", "30000:\(b.publicKey.hex):x"]]).jsonBytes)
        lines.append(try make(b, kind: 30_000, at: 30, tags: [["d", "x"]]).jsonBytes)
        lines.append(try make(b, kind: 30_000, at: 21, tags: [["d", "x"]]).jsonBytes)
        let summary = try assertSameAsOneByOne(lines)
        XCTAssertEqual(summary.superseded, 0)
    }

    func testCorpusImportSkipsOnlyWhatOneByOneReplaces() throws {
        let corpus = Corpus.root.appendingPathComponent("events/events.jsonl").path
        let lines = try Data(contentsOf: URL(fileURLWithPath: corpus)).split(separator: 0x0A).map { Array($0) }
        let summary = try assertSameAsOneByOne(lines)
        XCTAssertGreaterThan(summary.superseded, 0)
    }
}
