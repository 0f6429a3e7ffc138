import Foundation // JSONDecoder for the vector file only; NostrCore itself does not import Foundation.
import XCTest
import NostrCore
import TestSupport

/// NIP-49 and BIP-39 with the normaliser NostrCore carries itself (`.asciiOnly`, what the lean push binary
/// uses) and with an injected one. The full vector suites, with Foundation's NFKC/NFKD, are in SignerTests.
final class UnicodeNormalizerTests: XCTestCase {
    private struct Row: Decodable { let password: String; let log_n: UInt8; let ncryptsec: String; let secret_key: String }
    private struct Vectors: Decodable { let vectors: [Row] }

    func testASCIIOnlyKeepsASCIIAndRefusesTheRest() {
        XCTAssertEqual(UnicodeNormalizer.asciiOnly.nfkc("correct horse 123!"), "correct horse 123!")
        XCTAssertEqual(UnicodeNormalizer.asciiOnly.nfkd(""), "")
        XCTAssertNil(UnicodeNormalizer.asciiOnly.nfkc("caf\u{E9}"))
        XCTAssertNil(UnicodeNormalizer.asciiOnly.nfkd("\u{FF41}bandon"))
    }

    /// Every vector with an ASCII password opens without Unicode tables; the others are refused before scrypt runs.
    func testNIP49VectorsWithASCIIOnly() throws {
        let rows = try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip49/nip49.vectors.json")).vectors
        var opened = 0, refused = 0
        for (i, r) in rows.enumerated() {
            if r.password.utf8.allSatisfy({ $0 < 0x80 }) {
                XCTAssertEqual(try NIP49.decrypt(r.ncryptsec, password: r.password, normalizer: .asciiOnly).hex, r.secret_key, "#\(i)")
                opened += 1
            } else {
                XCTAssertThrowsError(try NIP49.decrypt(r.ncryptsec, password: r.password, normalizer: .asciiOnly), "#\(i)") {
                    XCTAssertEqual($0 as? NIP49Error, .passwordNeedsNormalizer)
                }
                refused += 1
            }
        }
        XCTAssertEqual(opened, 8)
        XCTAssertEqual(refused, 4)
        XCTAssertThrowsError(try NIP49.encrypt(SecretKey.generate(), password: "\u{212B}", logN: 1, normalizer: .asciiOnly)) {
            XCTAssertEqual($0 as? NIP49Error, .passwordNeedsNormalizer)
        }
        XCTAssertFalse("\(NIP49Error.passwordNeedsNormalizer)".contains("\u{212B}"))
    }

    /// The injected form is what scrypt sees: a normaliser mapping anything to "nostr" opens the
    /// vector whose password is "nostr".
    func testNIP49UsesTheInjectedForm() throws {
        let rows = try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip49/nip49.vectors.json")).vectors
        let r = try XCTUnwrap(rows.first { $0.password == "nostr" })
        let toNostr = UnicodeNormalizer(nfkc: { _ in "nostr" }, nfkd: { _ in nil })
        XCTAssertEqual(try NIP49.decrypt(r.ncryptsec, password: "\u{212B}\u{2126}", normalizer: toNostr).hex, r.secret_key)
    }

    func testBIP39WithASCIIOnly() throws {
        let m = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
        // trezor/python-mnemonic vectors.json, first entry, passphrase "TREZOR".
        XCTAssertEqual(Hex.encode(try BIP39.seed(mnemonic: m, passphrase: "TREZOR", normalizer: .asciiOnly)),
                       "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04")
        XCTAssertThrowsError(try BIP39.seed(mnemonic: m, passphrase: "caf\u{E9}", normalizer: .asciiOnly)) {
            XCTAssertEqual($0 as? NIP06Error, .needsNormalizer)
        }
        XCTAssertThrowsError(try NIP06.secretKey(mnemonic: m.replacingOccurrences(of: "about", with: "\u{FF41}bout"), normalizer: .asciiOnly)) {
            XCTAssertEqual($0 as? NIP06Error, .needsNormalizer)
        }
        // A normaliser that folds the fullwidth letter, as NFKD does, lets that mnemonic through.
        let folding = UnicodeNormalizer(nfkc: { $0 }, nfkd: { $0.replacingOccurrences(of: "\u{FF41}", with: "a") })
        XCTAssertEqual(try NIP06.secretKey(mnemonic: m.replacingOccurrences(of: "about", with: "\u{FF41}bout"), normalizer: folding),
                       try NIP06.secretKey(mnemonic: m, normalizer: .asciiOnly))
    }
}
