import Foundation
import XCTest
import NostrCore
import TestSupport

/// NIP-01 query semantics of `EventStore`, by hand and against brute-force `Filter.matches` on the corpus.
final class StoreQueryTests: XCTestCase {
    private typealias R = EventStoreRulesTests
    private let alice = EventStoreRulesTests.alice, bob = EventStoreRulesTests.bob

    func testOrderingIsNewestFirstThenLowestIDAndLimitTakesTheNewest() throws {
        let store = try EventStore()
        var events: [Event] = []
        for i in 0..<6 { events.append(try R.make(at: 100 + Int64(i / 2), content: "n\(i)")) }
        _ = try store.save(events)
        let expected = events.sorted { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id < $1.id }
        XCTAssertEqual(try store.query([Filter()]).map(\.id), expected.map(\.id))
        XCTAssertEqual(try store.query([Filter(limit: 3)]).map(\.id), Array(expected.prefix(3)).map(\.id))
        XCTAssertEqual(try store.query([Filter(limit: 0)]), [])
    }

    func testFieldsAreANDedValuesORedFiltersORed() throws {
        let store = try EventStore()
        let a1 = try R.make(alice, kind: 1, at: 10, tags: [["t", "swift"], ["p", bob.publicKey.hex]])
        let a7 = try R.make(alice, kind: 7, at: 11, tags: [["e", a1.id.hex], ["p", alice.publicKey.hex]])
        let b1 = try R.make(bob, kind: 1, at: 12, tags: [["t", "nostr"], ["t", "swift"]])
        let b30 = try R.make(bob, kind: 30023, at: 13, tags: [["d", "doc"], ["title", "long tags are not indexed"]])
        _ = try store.save([a1, a7, b1, b30])
        func q(_ f: Filter...) throws -> Set<EventID> { Set(try store.query(f).map(\.id)) }
        XCTAssertEqual(try q(Filter(authors: [alice.publicKey])), [a1.id, a7.id])
        XCTAssertEqual(try q(Filter(authors: [alice.publicKey], kinds: [1])), [a1.id])
        XCTAssertEqual(try q(Filter(kinds: [1, 7])), [a1.id, a7.id, b1.id])
        XCTAssertEqual(try q(Filter(tags: ["t": ["swift"]])), [a1.id, b1.id])
        XCTAssertEqual(try q(Filter(tags: ["t": ["swift", "nostr"]])), [a1.id, b1.id])
        XCTAssertEqual(try q(Filter(tags: ["t": ["swift"], "p": [bob.publicKey.hex]])), [a1.id])
        XCTAssertEqual(try q(Filter(tags: ["e": [a1.id.hex]])), [a7.id])
        XCTAssertEqual(try q(Filter(tags: ["d": ["doc"]])), [b30.id])
        XCTAssertEqual(try q(Filter(tags: ["title": ["long tags are not indexed"]])), [])
        XCTAssertEqual(try q(Filter(ids: [b1.id, a7.id])), [b1.id, a7.id])
        XCTAssertEqual(try q(Filter(ids: [])), [])
        XCTAssertEqual(try q(Filter(since: 11, until: 12)), [a7.id, b1.id])
        XCTAssertEqual(try q(Filter(kinds: [7]), Filter(authors: [bob.publicKey], kinds: [30023])), [a7.id, b30.id])
        // Several filters: one merged list in NIP-01 order, no duplicates.
        XCTAssertEqual(try store.query([Filter(kinds: [1]), Filter(authors: [bob.publicKey])]).map(\.id), [b30.id, b1.id, a1.id])
        // Limits apply per filter.
        XCTAssertEqual(try store.query([Filter(kinds: [1], limit: 1), Filter(kinds: [7], limit: 1)]).map(\.id), [b1.id, a7.id])
    }

    /// Tag values match byte for byte, as NIP-01 and SQLite compare them: Swift's `==` calls "é" and
    /// "e\u{301}" equal, and the writer's cache of value ids must not.
    func testTagValuesThatAreCanonicallyEquivalentStayApart() throws {
        let store = try EventStore()
        let composed = try R.make(at: 10, tags: [["t", "caf\u{E9}"]], content: "composed")
        let decomposed = try R.make(at: 11, tags: [["t", "cafe\u{301}"]], content: "decomposed")
        _ = try store.save([composed, decomposed])
        XCTAssertEqual(try store.query([Filter(tags: ["t": ["caf\u{E9}"]])]).map(\.id), [composed.id])
        XCTAssertEqual(try store.query([Filter(tags: ["t": ["cafe\u{301}"]])]).map(\.id), [decomposed.id])
    }

    func testSearchIsCaseInsensitiveSubstringOfContent() throws {
        let store = try EventStore()
        let e1 = try R.make(at: 1, content: "Hello Ñandú world")
        let e2 = try R.make(at: 2, tags: [["t", "hello"]], content: "bye")
        _ = try store.save([e1, e2])
        XCTAssertEqual(try store.query([Filter(search: "hello")]).map(\.id), [e1.id])
        XCTAssertEqual(try store.query([Filter(search: "ñANDÚ")]).map(\.id), [e1.id])
        XCTAssertEqual(try store.query([Filter(search: "%")]).map(\.id), [])
    }

    func testCountsIgnoreLimitAndDoNotDoubleCount() throws {
        let store = try EventStore()
        _ = try store.save((0..<5).map { i in try R.make(at: Int64(i), tags: [["t", "x"], ["t", "y"]]) })
        XCTAssertEqual(try store.count([Filter(kinds: [1], limit: 2)]), 5)
        XCTAssertEqual(try store.count([Filter(tags: ["t": ["x", "y"]])]), 5)
        XCTAssertEqual(try store.count([Filter(since: 3), Filter(until: 1)]), 4)
        XCTAssertEqual(try store.count([Filter(since: 1), Filter(until: 3)]), 5)
        XCTAssertEqual(try store.count([]), 0)
    }

    func testResultsAreTheStoredBytes() throws {
        let store = try EventStore()
        let data = try Corpus.data("events/events.jsonl")
        let line = String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let event = try Event(json: Array(line.utf8))
        XCTAssertEqual(try store.save(event), .stored)
        XCTAssertEqual(try store.queryRaw([Filter(ids: [event.id])]), [Array(line.utf8)])
        XCTAssertEqual(try store.query([Filter(ids: [event.id])]).first?.raw, Array(line.utf8))
    }

    func testDeleteByFilter() throws {
        let store = try EventStore()
        _ = try store.save((0..<4).map { i in try R.make(at: Int64(i)) } + [try R.make(bob, at: 9)])
        XCTAssertEqual(try store.delete(Filter(authors: [alice.publicKey], limit: 3)), 3)
        XCTAssertEqual(try store.count([Filter()]), 2)
        XCTAssertEqual(try store.query([Filter(authors: [alice.publicKey])]).map(\.createdAt), [0])
    }

    func testPersistsAcrossReopen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("q-\(UUID().uuidString).sqlite").path
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + s) } }
        let e = try R.make(kind: 1, at: 5, tags: [["p", bob.publicKey.hex]], content: "persist")
        do { XCTAssertEqual(try EventStore(path: path).save(e), .stored) }
        let again = try EventStore(path: path)
        XCTAssertEqual(try again.query([Filter(tags: ["p": [bob.publicKey.hex]])]).map(\.content), ["persist"])
        XCTAssertEqual(try again.save(e), .duplicate)
        XCTAssertEqual(try EventStore(path: path, readOnly: true).count([Filter()]), 1)
    }

    // MARK: corpus vs brute force

    func testCorpusQueriesMatchBruteForce() throws {
        let now: Int64 = 1_750_000_000
        let store = try EventStore()
        let summary = try store.importJSONL(paths: [Corpus.root.appendingPathComponent("events/events.jsonl").path], now: now)
        XCTAssertEqual(summary.lines, 8903)
        XCTAssertEqual(summary.unparsable, 0)
        XCTAssertEqual(summary.rejected["invalid id", default: 0] + summary.rejected["invalid signature", default: 0], 0)
        let all = try store.query([Filter()], now: now)
        XCTAssertGreaterThan(all.count, 5000)
        XCTAssertTrue(zip(all, all.dropFirst()).allSatisfy { a, b in
            a.createdAt > b.createdAt || (a.createdAt == b.createdAt && a.id < b.id)
        }, "unfiltered query is not newest first, then lowest id")

        var rng = SplitMix64(seed: 0x5EED)
        let pool = Pool(all)
        for n in 0..<300 {
            let f = pool.randomFilter(&rng)
            // `all` is already in NIP-01 order (checked above), so the expected answer is its matching prefix.
            let matching = all.indices.filter { f.matches(all[$0]) }
            let expected = matching.prefix(f.limit ?? .max).map { all[$0].raw ?? [] }
            // Raw bytes compare cheaply and prove the stored JSON comes back untouched.
            let got = try store.queryRaw([f], now: now)
            if got != expected {
                XCTFail("filter #\(n): \(f): got \(got.count) events, expected \(expected.count)")
            }
            XCTAssertEqual(try store.count([f], now: now), matching.count, "count #\(n): \(f)")
        }
    }

    /// Values seen in the stored events, to build filters that hit something.
    private struct Pool {
        let ids: [EventID], authors: [PublicKey], kinds: [Kind], times: [Int64]
        let tagValues: [String: [String]], words: [String]

        init(_ events: [Event]) {
            ids = events.map(\.id)
            authors = Array(Set(events.map(\.pubkey))).sorted()
            kinds = Array(Set(events.map(\.kind))).sorted()
            times = events.map(\.createdAt).sorted()
            var tv: [String: Set<String>] = [:]
            for e in events {
                for t in e.tags where t.name.utf8.count == 1 { if let v = t.value { tv[t.name, default: []].insert(v) } }
            }
            tagValues = tv.mapValues { Array($0).sorted() }
            var w = Set<String>()
            for e in events {
                for word in e.content.split(separator: " ").prefix(3) where word.count >= 4 && word.count < 12 {
                    w.insert(String(word))
                }
            }
            words = w.sorted()
        }

        func randomFilter(_ r: inout SplitMix64) -> Filter {
            var f = Filter()
            func pick<T>(_ a: [T], _ n: Int) -> [T] { (0..<n).map { _ in a[r.below(a.count)] } }
            if r.chance(15) { f.ids = pick(ids, 1 + r.below(4)) }
            if r.chance(40) { f.authors = pick(authors, 1 + r.below(5)) }
            if r.chance(50) { f.kinds = pick(kinds, 1 + r.below(3)) + [1, 7].filter { _ in r.chance(30) } }
            if r.chance(40) {
                let names = tagValues.keys.sorted()
                let name = r.chance(60) ? ["p", "e", "t"][r.below(3)] : names[r.below(names.count)]
                if let values = tagValues[name] { f.tags[name] = pick(values, 1 + r.below(3)) }
                if r.chance(15), let d = tagValues["k"] { f.tags["k"] = pick(d, 1) }
            }
            if r.chance(30) { f.since = times[r.below(times.count)] }
            if r.chance(30) { f.until = times[r.below(times.count)] }
            if r.chance(50) { f.limit = [1, 5, 20, 50, 500][r.below(5)] }
            if r.chance(8), !words.isEmpty { f.search = words[r.below(words.count)].uppercased() }
            return f
        }
    }
}

/// A seeded generator, so a failing filter number is reproducible.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
