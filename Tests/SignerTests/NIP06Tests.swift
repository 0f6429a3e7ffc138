import Foundation
import XCTest
import NostrCore
import Signer // UnicodeNormalizer.foundation: BIP-39 passphrases are NFKD-normalised
import TestSupport

final class NIP06Tests: XCTestCase {
    struct Row: Decodable {
        let mnemonic: String
        let passphrase: String
        let account: UInt32
        let private_key: String
        let public_key: String
        let nsec: String?
        let npub: String?
        let account_xprv: String?
        let account_xpub: String?
        let derivation_path: String
    }
    struct Vectors: Decodable { let vectors: [Row] }

    func testCorpusVectors() throws {
        let rows = try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip06/nip06.vectors.json")).vectors
        XCTAssertEqual(rows.count, 8)
        for (n, r) in rows.enumerated() {
            let name = "NIP-06 #\(n) (\(r.mnemonic.prefix(16))…, passphrase \(r.passphrase.isEmpty ? "none" : "set"), account \(r.account))"
            do {
                try NIP06.validate(mnemonic: r.mnemonic, normalizer: .foundation)
                let key = try NIP06.secretKey(mnemonic: r.mnemonic, passphrase: r.passphrase, account: r.account,
                                              normalizer: .foundation)
                XCTAssertEqual(key.hex, r.private_key, name)
                XCTAssertEqual(key.publicKey.hex, r.public_key, name)
                if let nsec = r.nsec { XCTAssertEqual(key.nsec, nsec, name) }
                if let npub = r.npub { XCTAssertEqual(key.publicKey.npub, npub, name) }
                let seed = try BIP39.seed(mnemonic: r.mnemonic, passphrase: r.passphrase, normalizer: .foundation)
                let viaPath = try BIP32Key(seed: seed).derive(path: r.derivation_path)
                XCTAssertEqual(viaPath.secretKey, key, "\(name) via path")
                if let xprv = r.account_xprv, let xpub = r.account_xpub {
                    let account = try NIP06.accountKey(mnemonic: r.mnemonic, passphrase: r.passphrase, account: r.account,
                                                       normalizer: .foundation)
                    XCTAssertEqual(account.xprv, xprv, "\(name) xprv")
                    XCTAssertEqual(account.xpub, xpub, "\(name) xpub")
                }
            } catch {
                XCTFail("\(name): \(error)")
            }
        }
    }

    /// The embedded list must be byte-identical to bitcoin/bips bip-0039/english.txt.
    func testWordlistMatchesCanonicalHash() {
        XCTAssertEqual(BIP39.englishWords.count, 2048)
        let file = BIP39.englishWords.joined(separator: "\n") + "\n"
        XCTAssertEqual(Hex.encode(SHA256.hash(file)), "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda")
    }

    /// BIP-39 reference vector (trezor/python-mnemonic vectors.json, first entry, passphrase "TREZOR").
    func testBIP39ReferenceVector() throws {
        let entropy = [UInt8](repeating: 0, count: 16)
        let m = try BIP39.mnemonic(entropy: entropy)
        XCTAssertEqual(m, "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        XCTAssertEqual(try BIP39.entropy(mnemonic: m, normalizer: .foundation), entropy)
        XCTAssertEqual(Hex.encode(try BIP39.seed(mnemonic: m, passphrase: "TREZOR", normalizer: .foundation)),
                       "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04")
    }

    func testGeneratedMnemonicsValidateAndRoundTrip() throws {
        for count in NIP06.validWordCounts {
            let m = NIP06.generateMnemonic(wordCount: count)
            XCTAssertEqual(m.split(separator: " ").count, count)
            XCTAssertNoThrow(try NIP06.validate(mnemonic: m, normalizer: .foundation), "\(count) words")
            let e = try BIP39.entropy(mnemonic: m, normalizer: .foundation)
            XCTAssertEqual(try BIP39.mnemonic(entropy: e), m)
        }
        XCTAssertNotEqual(NIP06.generateMnemonic(), NIP06.generateMnemonic())
    }

    func testWhitespaceAndCaseDoNotChangeTheKey() throws {
        let m = "leader monkey parrot ring guide accident before fence cannon height naive bean"
        let messy = "  Leader  monkey\tparrot ring guide accident before fence cannon height naive BEAN\n"
        XCTAssertEqual(try NIP06.secretKey(mnemonic: messy, normalizer: .foundation),
                       try NIP06.secretKey(mnemonic: m, normalizer: .foundation))
    }

    /// BIP-39 normalises the passphrase to NFKD: composed and decomposed "é" give one seed.
    func testPassphraseIsNFKDNormalised() {
        let m = "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong"
        func seed(_ passphrase: String) throws -> [UInt8] { try BIP39.seed(mnemonic: m, passphrase: passphrase, normalizer: .foundation) }
        XCTAssertEqual(try seed("caf\u{E9}"), try seed("cafe\u{301}"))
        XCTAssertNotEqual(try seed("cafe"), try seed("caf\u{E9}"))
    }

    func testTypedErrorsNameNoWords() {
        func error(_ m: String, account: UInt32 = 0) -> NIP06Error? {
            do { _ = try NIP06.secretKey(mnemonic: m, account: account, normalizer: .foundation); return nil } catch { return error }
        }
        let zoo = Array(repeating: "zoo", count: 11)
        XCTAssertEqual(error((zoo + ["zoo"]).joined(separator: " ")), .invalidChecksum)
        XCTAssertEqual(error((zoo + ["wrongg"]).joined(separator: " ")), .unknownWord(position: 12))
        XCTAssertFalse("\(NIP06Error.unknownWord(position: 12))".contains("wrongg"))
        XCTAssertEqual(error(zoo.joined(separator: " ")), .invalidWordCount(11))
        XCTAssertEqual(error((zoo + ["wrong"]).joined(separator: " "), account: 0x8000_0000), .invalidAccount(0x8000_0000))
        XCTAssertThrowsError(try BIP39.mnemonic(entropy: [1, 2, 3])) { XCTAssertEqual($0 as? NIP06Error, .invalidEntropyLength(3)) }
    }

    func testBadPaths() throws {
        let master = try BIP32Key(seed: [UInt8](repeating: 7, count: 64))
        for p in ["", "44'/0", "m/x", "m/2147483648", "m//1", "m/1''"] {
            XCTAssertThrowsError(try master.derive(path: p), p) { XCTAssertEqual($0 as? NIP06Error, .invalidPath(p)) }
        }
        XCTAssertFalse("\(master)".contains(master.secretKey.hex))
    }
}
