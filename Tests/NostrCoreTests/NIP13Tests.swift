import Foundation
import XCTest
import NostrCore
import TestSupport

final class NIP13Tests: XCTestCase {
    struct Vectors: Decodable {
        struct Example: Decodable {
            struct E: Decodable { let id: String; let tags: [[String]] }
            let event: E
            let leading_zero_bits: Int
            let nonce_target: Int
        }
        struct Count: Decodable { let id: String; let difficulty: Int }
        struct Committed: Decodable { let id: String; let tags: [[String]]; let committed_difficulty: Int }
        let example_event: Example
        let leading_zero_bits: [Count]
        let committed_difficulty: [Committed]
    }

    func vectors() throws -> Vectors {
        try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip13/nip13.vectors.json"))
    }

    func testLeadingZeroBitCounts() throws {
        let v = try vectors()
        XCTAssertEqual(v.leading_zero_bits.count, 24)
        for row in v.leading_zero_bits {
            XCTAssertEqual(NIP13.difficulty(of: try EventID(hex: row.id)), row.difficulty, "NIP-13 count \(row.id)")
        }
        XCTAssertEqual(NIP13.leadingZeroBits([UInt8](repeating: 0, count: 32)), 256)
    }

    func testCommittedDifficulty() throws {
        let v = try vectors()
        XCTAssertEqual(v.committed_difficulty.count, 5)
        for (n, row) in v.committed_difficulty.enumerated() {
            let tags = row.tags.map(Tag.init)
            XCTAssertEqual(NIP13.committedDifficulty(id: try EventID(hex: row.id), tags: tags), row.committed_difficulty,
                           "NIP-13 committed #\(n) \(row.tags)")
        }
        XCTAssertNil(NIP13.committedTarget([["nonce", "5"]]))
        XCTAssertNil(NIP13.committedTarget([["nonce", "5", "x"]]))
    }

    func testSignedExample() throws {
        let e = try vectors().example_event
        let id = try EventID(hex: e.event.id)
        XCTAssertEqual(NIP13.difficulty(of: id), e.leading_zero_bits)
        XCTAssertEqual(NIP13.committedTarget(e.event.tags.map(Tag.init)), e.nonce_target)
        XCTAssertEqual(NIP13.committedDifficulty(id: id, tags: e.event.tags.map(Tag.init)), e.nonce_target)
    }

    func unsignedNote(tags: [Tag] = []) throws -> UnsignedEvent {
        let pk = try PublicKey(hex: "a48380f4cfcc1ad5378294fcac36439770f9c878dd880ffa94bb74ea54a6f243")
        return UnsignedEvent(pubkey: pk, createdAt: 1651794653, kind: 1, tags: tags, content: "It's just me mining my own business")
    }

    func testMineAddsNonceTagAndMeetsTarget() throws {
        let e = try unsignedNote(tags: [["t", "pow"]])
        let mined = NIP13.mine(e, difficulty: 12)
        XCTAssertGreaterThanOrEqual(NIP13.difficulty(of: mined.id), 12)
        XCTAssertEqual(mined.tags.count, 2)
        XCTAssertEqual(mined.tags[0], ["t", "pow"])
        XCTAssertEqual(mined.tags[1].name, "nonce")
        XCTAssertEqual(NIP13.committedTarget(mined.tags), 12)
        XCTAssertEqual(NIP13.committedDifficulty(id: mined.id, tags: mined.tags), 12)
        XCTAssertEqual(mined.content, e.content)
        XCTAssertEqual(mined.createdAt, e.createdAt)
    }

    /// The search returns the smallest winning nonce, so the thread count does not change the event.
    func testMineIsDeterministicAcrossThreadCounts() throws {
        let e = try unsignedNote()
        let one = NIP13.mine(e, difficulty: 10, threads: 1)
        let two = NIP13.mine(e, difficulty: 10, threads: 2)
        XCTAssertEqual(one, two)
        // Every smaller nonce really misses the target.
        let n = try XCTUnwrap(Int(try XCTUnwrap(one.tags.last?[1])))
        for smaller in 0..<n {
            var candidate = e
            candidate.tags = [["nonce", String(smaller), "10"]]
            XCTAssertLessThan(NIP13.difficulty(of: candidate.id), 10, "nonce \(smaller)")
        }
    }

    func testMineUpdatesAnExistingNonceTag() throws {
        let e = try unsignedNote(tags: [["nonce", "999", "1"], ["p", "x"]])
        let mined = NIP13.mine(e, difficulty: 8, threads: 2)
        XCTAssertEqual(mined.tags.count, 2)
        XCTAssertEqual(mined.tags[0][2], "8")
        XCTAssertEqual(mined.tags[1], ["p", "x"])
        XCTAssertGreaterThanOrEqual(NIP13.difficulty(of: mined.id), 8)
    }

    func testMineWithEscapedContent() throws {
        var e = try unsignedNote(tags: [["e", "\"quoted\"\n"]])
        e.content = "line\nbreak \\ \u{1} ünïcode"
        let mined = NIP13.mine(e, difficulty: 6)
        XCTAssertGreaterThanOrEqual(NIP13.difficulty(of: mined.id), 6)
    }
}
