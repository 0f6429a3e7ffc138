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
}
