import Foundation
import XCTest
@testable import NostrCore
import TestSupport

/// The import's first pass (`NewestVersions.entry`) stops reading a line at a kind that is neither a
/// version nor a deletion request; it must still say of every line what a full `Event(json:)` parse says.
final class NewestVersionsTests: XCTestCase {
    /// What `entry` must say of `line`, from a full parse.
    private func expected(_ line: [UInt8]) -> String {
        guard let e = try? Event(json: line) else { return "none" }
        if e.kind == .deletion { return "deleter \(e.pubkey.hex)" }
        guard let a = NewestVersions.address(of: e) else { return "none" }
        return "version \(a.kind) \(a.pubkey.hex) \(a.d) \(e.createdAt) \(e.id.hex)"
    }

    private func actual(_ line: [UInt8]) -> String {
        switch NewestVersions.entry(line) {
        case nil: "none"
        case let .deleter(pubkey): "deleter \(pubkey.hex)"
        case let .version(a, v): "version \(a.kind) \(a.pubkey.hex) \(a.d) \(v.createdAt) \(v.id.hex)"
        }
    }

    private func lines(_ name: String) throws -> [[UInt8]] {
        let url = Corpus.root.appendingPathComponent("events/\(name)")
        return try Data(contentsOf: url).split(separator: 0x0A).map { Array($0) }
    }

    func testEntryAgreesWithAFullParseOnTheCorpusAndTheInvalidEvents() throws {
        var versions = 0, deleters = 0
        for line in try lines("events.jsonl") + lines("invalid-events.jsonl") {
            let want = expected(line)
            XCTAssertEqual(actual(line), want, String(decoding: line.prefix(120), as: UTF8.self))
            if want.hasPrefix("version") { versions += 1 }
            if want.hasPrefix("deleter") { deleters += 1 }
        }
        // The corpus has both, so the comparison covers the lines that are read to the end.
        XCTAssertGreaterThan(versions, 100)
        XCTAssertGreaterThan(deleters, 0)
    }

    func testAKindThatEndsReadingEarlyCannotHideADeletionRequest() throws {
        let key = try SecretKey(hex: String(repeating: "0", count: 62) + "21")
        let deletion = try EventStoreRulesTests.make(key, kind: .deletion, at: 5, tags: [["e", String(repeating: "a", count: 64)]])
        let note = try EventStoreRulesTests.make(key, kind: 1, at: 5, content: "hi")
        let json = String(decoding: deletion.jsonBytes, as: UTF8.self)
        let noteJSON = String(decoding: note.jsonBytes, as: UTF8.self)
        let crafted = [
            // A second kind after the first is refused by the full parse, wherever reading stopped.
            noteJSON.replacingOccurrences(of: "\"kind\":1", with: "\"kind\":1,\"kind\":5"),
            json.replacingOccurrences(of: "\"kind\":5", with: "\"kind\":1,\"kind\":5"),
            // Broken after an unconcerned kind: no entry either way.
            noteJSON.replacingOccurrences(of: "\"tags\":[]", with: "\"tags\":[[1]]"),
            String(noteJSON.dropLast()),
            // The kind key escaped, and a decoy "kind" inside an unknown member before the real one.
            json.replacingOccurrences(of: "\"kind\":5", with: "\"\\u006bind\":5"),
            json.replacingOccurrences(of: "{", with: "{\"x\":{\"kind\":1},"),
            json,
        ]
        for text in crafted {
            XCTAssertEqual(actual(Array(text.utf8)), expected(Array(text.utf8)), text)
        }
        XCTAssertEqual(actual(Array(crafted[4].utf8)), "deleter \(key.publicKey.hex)")
        XCTAssertEqual(actual(Array(crafted[5].utf8)), "deleter \(key.publicKey.hex)")
    }
}
