import Foundation
import XCTest
import NostrCore
import TestSupport

/// Typed rows of corpora/nip04/nip04.vectors.json.
private struct NIP04Vectors: Decodable {
    struct Valid: Decodable {
        let sender_sk: String; let recipient_sk: String; let content: String; let plaintext: String
        let sender_pk: String; let recipient_pk: String; let shared_x: String
    }
    struct Invalid: Decodable { let sender_sk: String; let recipient_sk: String; let content: String; let error: String }
    let valid: [Valid]
    let invalid: [Invalid]
}

final class NIP04Tests: XCTestCase {
    private func vectors() throws -> NIP04Vectors {
        try JSONDecoder().decode(NIP04Vectors.self, from: Corpus.data("nip04/nip04.vectors.json"))
    }

    func testValidVectorsDecryptFromBothSides() throws {
        let rows = try vectors().valid
        XCTAssertEqual(rows.count, 4)
        for (i, r) in rows.enumerated() {
            let sender = try SecretKey(hex: r.sender_sk), recipient = try SecretKey(hex: r.recipient_sk)
            XCTAssertEqual(sender.publicKey.hex, r.sender_pk, "nip04 valid #\(i) sender pubkey")
            XCTAssertEqual(recipient.publicKey.hex, r.recipient_pk, "nip04 valid #\(i) recipient pubkey")
            XCTAssertEqual(Hex.encode(try ECDH.sharedX(sender, recipient.publicKey)), r.shared_x, "nip04 valid #\(i) shared x")
            XCTAssertTrue(NIP04.isNIP04Payload(r.content), "nip04 valid #\(i) detection")
            XCTAssertEqual(try NIP04.decrypt(r.content, to: recipient, from: sender.publicKey), r.plaintext, "nip04 valid #\(i) recipient side")
            XCTAssertEqual(try NIP04.decrypt(r.content, to: sender, from: recipient.publicKey), r.plaintext, "nip04 valid #\(i) sender side")
        }
    }

    func testInvalidVectorsFailWithAReason() throws {
        let rows = try vectors().invalid
        XCTAssertEqual(rows.count, 3)
        // The third is AES-GCM output (22 bytes), caught by the block-length check before any decryption.
        let expected: [NIP04Error] = [.missingIV, .invalidBase64, .invalidCiphertextLength(22)]
        for (i, r) in rows.enumerated() {
            let sender = try SecretKey(hex: r.sender_sk), recipient = try SecretKey(hex: r.recipient_sk)
            XCTAssertThrowsError(try NIP04.decrypt(r.content, to: recipient, from: sender.publicKey), "nip04 invalid #\(i): \(r.error)") {
                XCTAssertEqual($0 as? NIP04Error, expected[i], "nip04 invalid #\(i): \(r.error)")
                XCTAssertFalse("\($0)".isEmpty)
            }
        }
    }

    func testRoundTripAndWrongKey() throws {
        let a = SecretKey.generate(), b = SecretKey.generate(), c = SecretKey.generate()
        for text in ["", "hi", "exactly sixteen!", "ünïcødé 🌍 " + String(repeating: "x", count: 1000)] {
            let payload = try NIP04.encrypt(text, from: a, to: b.publicKey)
            XCTAssertTrue(NIP04.isNIP04Payload(payload))
            XCTAssertEqual(try NIP04.decrypt(payload, to: b, from: a.publicKey), text, "round trip \(text.prefix(16))")
        }
        XCTAssertFalse(NIP04.isNIP04Payload("AgAAAA=="))
        // A wrong key almost always breaks the PKCS#7 padding; when it happens to look valid, the bytes are not the text.
        let payload = try NIP04.encrypt("secret words", from: a, to: b.publicKey)
        XCTAssertNotEqual(try? NIP04.decrypt(payload, to: c, from: a.publicKey), "secret words")
    }

    func testMalformedPayloads() throws {
        let a = SecretKey.generate(), b = SecretKey.generate()
        let iv = Base64.encode([UInt8](repeating: 1, count: 16))
        let cases: [(String, NIP04Error)] = [
            ("?iv=\(iv)", .invalidCiphertextLength(0)),
            ("\(Base64.encode([UInt8](repeating: 0, count: 15)))?iv=\(iv)", .invalidCiphertextLength(15)),
            ("\(Base64.encode([UInt8](repeating: 0, count: 16)))?iv=AAAA", .invalidIVLength(3)),
            ("AAAA AAAA?iv=\(iv)", .invalidBase64),
        ]
        for (payload, error) in cases {
            XCTAssertThrowsError(try NIP04.decrypt(payload, to: a, from: b.publicKey), payload) {
                XCTAssertEqual($0 as? NIP04Error, error, payload)
            }
        }
    }
}

extension NIP04Tests {
    func testTamperedLastBlockFailsPadding() throws {
        let a = SecretKey.generate(), b = SecretKey.generate()
        let payload = try NIP04.encrypt("sixteen bytes!!!", from: a, to: b.publicKey) // 2 blocks: text + full padding block
        let parts = payload.split(separator: "?")
        var ct = try XCTUnwrap(Base64.decode(parts[0]))
        ct[15] ^= 0x01 // flips the last byte of the decrypted padding block: 0x10 becomes 0x11
        XCTAssertThrowsError(try NIP04.decrypt(Base64.encode(ct) + "?" + parts[1], to: b, from: a.publicKey)) {
            XCTAssertEqual($0 as? NIP04Error, .decryptionFailed)
        }
    }
}
