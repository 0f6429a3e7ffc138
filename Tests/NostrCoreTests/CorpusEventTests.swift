import XCTest
import NostrCore
import TestSupport

/// The lines of a JSONL corpus split on LF bytes only: events may hold a raw U+2028 in a string.
func jsonlLines(_ path: String) throws -> [[UInt8]] {
    let bytes = [UInt8](try Corpus.data(path))
    return bytes.split(separator: 0x0A).map { Array($0) }.filter { !$0.isEmpty }
}

final class CorpusEventTests: XCTestCase {
    func testEveryCorpusEventParsesAndVerifies() throws {
        let lines = try jsonlLines("events/events.jsonl")
        XCTAssertEqual(lines.count, 8903)
        var authors = Set<PublicKey>()
        for (n, line) in lines.enumerated() {
            let event: Event
            do { event = try Event(json: line) } catch {
                XCTFail("line \(n + 1): \(error)")
                continue
            }
            authors.insert(event.pubkey)
            XCTAssertEqual(event.raw, line, "line \(n + 1) keeps raw bytes")
            XCTAssertNoThrow(try event.verify(), "line \(n + 1) \(event.id)")
            // The unsigned form re-serialized from parsed fields reproduces the id (no raw involved).
            XCTAssertEqual(event.unsigned.id, event.id, "line \(n + 1) \(event.id)")
            XCTAssertEqual(event.computedID, event.id, "line \(n + 1) \(event.id)")
        }
        XCTAssertEqual(authors.count, 2911)
    }

    /// `firstTagValue` reads tags not yet decoded straight from the raw JSON; it must answer as the decoded tags do.
    func testFirstTagValueFromRawJSONMatchesDecodedTags() throws {
        let zeros = String(repeating: "0", count: 64)
        let odd = #"{"id":"\#(zeros)","pubkey":"\#(zeros)","created_at":1,"kind":1,"#
            + #""tags":[[],["e"],["\u0064","x\"y"],["d","second"],["expiration","123","more"],["p","a","b"]],"#
            + #""content":"","sig":"\#(zeros + zeros)"}"#
        var lines = [Array(odd.utf8)]
        lines += try jsonlLines("events/events.jsonl")
        for (n, line) in lines.enumerated() {
            let decoded = try Event(json: line).tags
            var names = Set(decoded.map(\.name))
            names.formUnion(["", "d", "e", "expiration", "absent"])
            // A second parse whose tags are never decoded, so each answer comes from the raw bytes.
            let fresh = try Event(json: line)
            for name in names {
                XCTAssertEqual(fresh.firstTagValue(name), decoded.first { $0.name == name }?.value, "line \(n) tag \(name)")
            }
        }
    }

    func testEventsRebuiltWithoutRawVerifyAndRoundTrip() throws {
        for (n, line) in try jsonlLines("events/events.jsonl").enumerated() {
            let e = try Event(json: line)
            let rebuilt = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt, kind: e.kind, tags: e.tags,
                                content: e.content, sig: e.sig)
            XCTAssertNoThrow(try rebuilt.verifyID(), "line \(n + 1)")
            let again = try Event(json: rebuilt.jsonBytes)
            XCTAssertEqual(again.content, e.content, "line \(n + 1)")
            XCTAssertEqual(again.tags, e.tags, "line \(n + 1)")
            XCTAssertEqual(again.createdAt, e.createdAt, "line \(n + 1)")
            XCTAssertNoThrow(try again.verifyID(), "line \(n + 1)")
        }
    }

    func testEveryInvalidCorpusEventIsRejectedForItsReason() throws {
        let lines = try jsonlLines("events/invalid-events.jsonl")
        XCTAssertEqual(lines.count, 52)
        for (n, line) in lines.enumerated() {
            let row = try JSONValue.parse(line)
            guard let reason = row["reason"]?.stringValue, let event = row["event"] else {
                XCTFail("line \(n + 1): no reason/event")
                continue
            }
            let expected: EventError
            switch reason {
            case "id_mismatch": expected = .idMismatch
            default: XCTFail("line \(n + 1): unknown reason \(reason)"); continue
            }
            do {
                try Event(json: event.serialized).verify()
                XCTFail("line \(n + 1) accepted")
            } catch {
                XCTAssertEqual(error, expected, "line \(n + 1) (\(row["path"]?.stringValue ?? ""))")
            }
        }
    }

    func testBatchVerifierMatchesSingleVerification() throws {
        var events = try jsonlLines("events/events.jsonl").prefix(600).map { try Event(json: $0) }
        let e = events[7]
        events[7] = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt + 1, kind: e.kind, tags: e.tags,
                          content: e.content, sig: e.sig)
        var sig = events[9].sig
        sig[5] ^= 1
        let f = events[9]
        events[9] = Event(id: f.id, pubkey: f.pubkey, createdAt: f.createdAt, kind: f.kind, tags: f.tags,
                          content: f.content, sig: sig)
        // The same answers with author keys parsed once and kept across calls, as an import does.
        let keys = ParsedKeyCache()
        for (threads, cache) in [(1, nil), (2, nil), (4, nil), (2, keys), (1, keys), (4, keys)] as [(Int, ParsedKeyCache?)] {
            let results = BatchVerifier.verify(events, threads: threads, keys: cache)
            XCTAssertEqual(results.count, events.count)
            for (i, r) in results.enumerated() {
                switch i {
                case 7: XCTAssertEqual(r, .idMismatch)
                case 9: XCTAssertEqual(r, .invalidSignature)
                default: XCTAssertNil(r, "event \(i) threads \(threads)")
                }
            }
        }
        XCTAssertEqual(BatchVerifier.verify([]).count, 0)
    }

    func testParsedKeyCacheAnswersLikeAFreshParseAndRemembersBadKeys() throws {
        let keys = ParsedKeyCache()
        let good = EventStoreRulesTests.alice.publicKey
        // x = 5 is not the x coordinate of a secp256k1 point (5³ + 7 = 132 is not a square mod p).
        let bad = PublicKey(unchecked: [UInt8](repeating: 0, count: 31) + [5])
        XCTAssertNil(try? ParsedPublicKey(bad))
        for _ in 0..<2 {
            XCTAssertEqual(keys.parsed(good)?.key, good)
            XCTAssertNil(keys.parsed(bad))
        }
    }
}
