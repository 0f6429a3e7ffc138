import Foundation
import XCTest
@testable import NostrCore // normalizedPassword
import Signer // UnicodeNormalizer.foundation: the vectors have non-ASCII passwords
import TestSupport

/// Typed rows of corpora/nip49/nip49.vectors.json.
private struct NIP49Vectors: Decodable {
    struct Normalization: Decodable { let input: String; let input_utf8: String; let nfkc_utf8: String }
    struct Row: Decodable {
        let password: String; let log_n: UInt8; let key_security_byte: UInt8; let ncryptsec: String; let secret_key: String
        let password_utf8_hex: String; let password_nfkc_utf8_hex: String
    }
    let password_normalization: Normalization
    let vectors: [Row]
}

final class NIP49Tests: XCTestCase {
    private func vectors() throws -> NIP49Vectors {
        try JSONDecoder().decode(NIP49Vectors.self, from: Corpus.data("nip49/nip49.vectors.json"))
    }

    func testDecryptVectors() throws {
        let rows = try vectors().vectors
        XCTAssertEqual(rows.count, 12)
        for (i, r) in rows.enumerated() {
            let name = "nip49 #\(i) (log_n \(r.log_n))"
            XCTAssertEqual(Hex.encode(Array(r.password.utf8)), r.password_utf8_hex, "\(name) password bytes")
            XCTAssertEqual(Hex.encode(try NIP49.normalizedPassword(r.password, normalizer: .foundation)), r.password_nfkc_utf8_hex,
                           "\(name) NFKC")
            let key = try NIP49.decrypt(r.ncryptsec, password: r.password, normalizer: .foundation)
            XCTAssertEqual(key.hex, r.secret_key, name)
            let info = try NIP49.inspect(r.ncryptsec)
            XCTAssertEqual(info.logN, r.log_n, name)
            XCTAssertEqual(info.keySecurity.rawValue, r.key_security_byte, name)
        }
    }

    func testNFKCExample() throws {
        let n = try vectors().password_normalization
        XCTAssertEqual(Hex.encode(Array(n.input.utf8)), n.input_utf8)
        XCTAssertEqual(Hex.encode(try NIP49.normalizedPassword(n.input, normalizer: .foundation)), n.nfkc_utf8)
        // Spelled as code points too, so an editor that normalises the JSON cannot hide a regression.
        XCTAssertEqual(Hex.encode(try NIP49.normalizedPassword("\u{212B}\u{2126}\u{1E9B}\u{0323}", normalizer: .foundation)), "c385cea9e1b9a9")
    }

    func testRoundTripWithSmallLogN() throws {
        let key = SecretKey.generate()
        for security in [NIP49.KeySecurity.insecure, .secure, .unknown] {
            let s = try NIP49.encrypt(key, password: "correct horse", logN: 4, keySecurity: security, normalizer: .foundation)
            XCTAssertTrue(s.hasPrefix("ncryptsec1"))
            XCTAssertEqual(s.count, 162)
            XCTAssertEqual(try NIP49.decrypt(s, password: "correct horse", normalizer: .foundation), key)
            XCTAssertEqual(try NIP49.inspect(s).keySecurity, security)
            XCTAssertEqual(try NIP49.inspect(s).logN, 4)
        }
        // Both spellings of the NFKC example open the same ncryptsec.
        let s = try NIP49.encrypt(key, password: "\u{212B}\u{2126}\u{1E9B}\u{0323}", logN: 2, normalizer: .foundation)
        XCTAssertEqual(try NIP49.decrypt(s, password: "\u{00C5}\u{03A9}\u{1E69}", normalizer: .foundation), key)
    }

    func testWrongPasswordAndTampering() throws {
        let key = SecretKey.generate()
        let s = try NIP49.encrypt(key, password: "pw", logN: 3, keySecurity: .secure, normalizer: .foundation)
        XCTAssertThrowsError(try NIP49.decrypt(s, password: "PW", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .wrongPasswordOrCorrupted)
        }
        // Changing the key-security byte (the AAD) with a valid checksum must fail authentication.
        var data = try Bech32.decode(s).data
        data[42] = 0x00
        XCTAssertThrowsError(try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: data), password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .wrongPasswordOrCorrupted)
        }
        data[42] = 0x07
        XCTAssertThrowsError(try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: data), password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .unknownKeySecurity(7))
        }
        data[42] = 0x01; data[0] = 0x01
        XCTAssertThrowsError(try NIP49.decrypt(Bech32.encode(hrp: "ncryptsec", data: data), password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .unknownVersion(1))
        }
        data[0] = 0x02
        XCTAssertThrowsError(try NIP49.decrypt(Bech32.encode(hrp: "nsec", data: data), password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .wrongPrefix("nsec"))
        }
        let short = Bech32.encode(hrp: "ncryptsec", data: Array(data.prefix(90)))
        XCTAssertThrowsError(try NIP49.decrypt(short, password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .invalidLength(90))
        }
        var chars = Array(s)
        chars[20] = chars[20] == "q" ? "p" : "q"
        XCTAssertThrowsError(try NIP49.decrypt(String(chars), password: "pw", normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .invalidBech32(.badChecksum))
        }
        XCTAssertThrowsError(try NIP49.decrypt("", password: "pw", normalizer: .foundation))
        XCTAssertEqual(try NIP49.decrypt(s.uppercased(), password: "pw", normalizer: .foundation), key, "bech32 is case-insensitive")
    }

    func testCostLimits() throws {
        let vector16 = try XCTUnwrap(vectors().vectors.first { $0.log_n == 16 })
        XCTAssertThrowsError(try NIP49.decrypt(vector16.ncryptsec, password: vector16.password, maxLogN: 15, normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .logNTooLarge(logN: 16, limit: 15))
        }
        XCTAssertThrowsError(try NIP49.encrypt(SecretKey.generate(), password: "x", logN: 0, normalizer: .foundation)) {
            XCTAssertEqual($0 as? NIP49Error, .invalidLogN(0))
        }
    }
}
