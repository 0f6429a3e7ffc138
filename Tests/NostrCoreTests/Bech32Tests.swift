import Foundation
import XCTest
import NostrCore
import TestSupport

final class Bech32Tests: XCTestCase {
    struct Vectors: Decodable {
        struct Valid: Decodable { let input: String }
        struct Invalid: Decodable { let input: String; let reason: String }
        struct DataRow: Decodable { let input: String; let hrp: String; let hex: String }
        let valid: [Valid]
        let invalid: [Invalid]
        let data: [DataRow]
    }

    func vectors() throws -> Vectors {
        try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip19/bip173.vectors.json"))
    }

    func testBIP173ValidStringsRoundTrip() throws {
        let v = try vectors()
        XCTAssertEqual(v.valid.count, 7)
        for row in v.valid {
            do {
                let (hrp, words) = try Bech32.decodeWords(row.input, limit: 90)
                XCTAssertEqual(Bech32.encode(hrp: hrp, words: words), row.input.lowercased(), "BIP-173 valid \(row.input)")
            } catch {
                XCTFail("BIP-173 valid \(row.input): \(error)")
            }
        }
    }

    func testBIP173InvalidStringsAreRejected() throws {
        let v = try vectors()
        XCTAssertEqual(v.invalid.count, 12)
        for row in v.invalid {
            XCTAssertThrowsError(try Bech32.decodeWords(row.input, limit: 90), "BIP-173 invalid (\(row.reason))")
        }
    }

    func testSpecificErrors() {
        func error(_ s: String, limit: Int? = nil) -> Bech32Error? {
            do { _ = try Bech32.decodeWords(s, limit: limit); return nil } catch { return error }
        }
        XCTAssertEqual(error("pzry9x0s0muk"), .missingSeparator)
        XCTAssertEqual(error("1pzry9x0s0muk"), .emptyHumanReadablePart)
        XCTAssertEqual(error("x1b4n0q5v"), .invalidCharacter(position: 2))
        XCTAssertEqual(error("li1dgmt3"), .tooShort)
        XCTAssertEqual(error("A1G7SGD8"), .badChecksum)
        XCTAssertEqual(error("a12uEl5l"), .mixedCase)
        XCTAssertEqual(error("a12uel5l", limit: 7), .tooLong(length: 8, limit: 7))
    }

    func testEightBitData() throws {
        for row in try vectors().data {
            let (hrp, data) = try Bech32.decode(row.input)
            XCTAssertEqual(hrp, row.hrp, row.input)
            XCTAssertEqual(Hex.encode(data), row.hex, row.input)
            XCTAssertEqual(Bech32.encode(hrp: hrp, data: data), row.input, row.input)
        }
    }

    func testLongPayloadWithoutLimit() throws {
        let payload = (0..<300).map { UInt8($0 & 0xff) }
        let s = Bech32.encode(hrp: "nevent", data: payload)
        XCTAssertGreaterThan(s.count, 90)
        XCTAssertEqual(try Bech32.decode(s).data, payload)
        XCTAssertThrowsError(try Bech32.decode(s, limit: 90))
    }

    func testNonZeroPaddingIsRejected() {
        // One 5-bit word holds no whole byte: 5→8 conversion must refuse leftover set bits.
        let s = Bech32.encode(hrp: "x", words: [1])
        XCTAssertThrowsError(try Bech32.decode(s)) { XCTAssertEqual($0 as? Bech32Error, .invalidPadding) }
    }
}
