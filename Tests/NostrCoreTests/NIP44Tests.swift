import Foundation
import XCTest
import NostrCore
import TestSupport

/// Typed rows of corpora/nip44/nip44.vectors.json (paulmillr/nip44, sha256 269ed0f6…).
private struct NIP44Vectors: Decodable {
    struct ConversationKeyRow: Decodable { let sec1: String; let pub2: String; let conversation_key: String }
    struct MessageKeyRow: Decodable { let nonce: String; let chacha_key: String; let chacha_nonce: String; let hmac_key: String }
    struct MessageKeys: Decodable { let conversation_key: String; let keys: [MessageKeyRow] }
    struct EncryptRow: Decodable {
        let sec1: String; let sec2: String; let conversation_key: String; let nonce: String; let plaintext: String; let payload: String
    }
    struct LongRow: Decodable {
        let conversation_key: String; let nonce: String; let pattern: String; let `repeat`: Int
        let plaintext_sha256: String; let payload_sha256: String
    }
    struct InvalidKeyRow: Decodable { let sec1: String; let pub2: String; let note: String }
    struct InvalidDecryptRow: Decodable { let conversation_key: String; let nonce: String; let plaintext: String; let payload: String; let note: String }
    struct Valid: Decodable {
        let get_conversation_key: [ConversationKeyRow]
        let get_message_keys: MessageKeys
        let calc_padded_len: [[Int]]
        let encrypt_decrypt: [EncryptRow]
        let encrypt_decrypt_long_msg: [LongRow]
    }
    struct Invalid: Decodable {
        let encrypt_msg_lengths: [Int]
        let get_conversation_key: [InvalidKeyRow]
        let decrypt: [InvalidDecryptRow]
    }
    struct V2: Decodable { let valid: Valid; let invalid: Invalid }
    let v2: V2
}

/// Typed rows of corpora/nip44/nip44.extended-prefix.vectors.json (44.md table).
private struct ExtendedVectors: Decodable {
    struct Row: Decodable { let plaintext_len: Int; let padded_len: Int; let plaintext_sha256: String; let payload_sha256: String }
    let conversation_key: String; let nonce: String; let pattern: String; let vectors: [Row]
}

private func hex(_ s: String, _ what: String) throws -> [UInt8] {
    try XCTUnwrap(Hex.decode(s), "bad hex in vector \(what)")
}

final class NIP44Tests: XCTestCase {
    private func v2() throws -> NIP44Vectors.V2 {
        try JSONDecoder().decode(NIP44Vectors.self, from: Corpus.data("nip44/nip44.vectors.json")).v2
    }

    func testConversationKeys() throws {
        let rows = try v2().valid.get_conversation_key
        XCTAssertEqual(rows.count, 35)
        for (i, r) in rows.enumerated() {
            let key = try NIP44.ConversationKey(secret: SecretKey(hex: r.sec1), publicKey: PublicKey(hex: r.pub2))
            XCTAssertEqual(Hex.encode(key.bytes), r.conversation_key, "get_conversation_key #\(i)")
        }
    }

    func testInvalidConversationKeys() throws {
        let rows = try v2().invalid.get_conversation_key
        XCTAssertEqual(rows.count, 8)
        for r in rows {
            XCTAssertThrowsError(
                try NIP44.ConversationKey(secret: SecretKey(hex: r.sec1), publicKey: PublicKey(hex: r.pub2)),
                "invalid get_conversation_key: \(r.note)")
        }
    }

    func testMessageKeys() throws {
        let mk = try v2().valid.get_message_keys
        XCTAssertEqual(mk.keys.count, 32)
        let ck = try NIP44.ConversationKey(bytes: hex(mk.conversation_key, "message keys"))
        for (i, r) in mk.keys.enumerated() {
            let k = try NIP44.messageKeys(conversationKey: ck, nonce: hex(r.nonce, "nonce \(i)"))
            XCTAssertEqual(Hex.encode(k.chachaKey), r.chacha_key, "get_message_keys #\(i) chacha_key")
            XCTAssertEqual(Hex.encode(k.chachaNonce), r.chacha_nonce, "get_message_keys #\(i) chacha_nonce")
            XCTAssertEqual(Hex.encode(k.hmacKey), r.hmac_key, "get_message_keys #\(i) hmac_key")
        }
        XCTAssertThrowsError(try NIP44.messageKeys(conversationKey: ck, nonce: [1, 2, 3])) {
            XCTAssertEqual($0 as? NIP44Error, .invalidNonceLength(3))
        }
    }

    func testPaddedLengths() throws {
        let rows = try v2().valid.calc_padded_len
        XCTAssertEqual(rows.count, 24)
        for r in rows {
            XCTAssertEqual(NIP44.paddedLength(r[0]), r[1], "calc_padded_len(\(r[0]))")
        }
    }

    func testEncryptDecrypt() throws {
        let rows = try v2().valid.encrypt_decrypt
        XCTAssertEqual(rows.count, 10)
        for (i, r) in rows.enumerated() {
            let sec1 = try SecretKey(hex: r.sec1), sec2 = try SecretKey(hex: r.sec2)
            let ck = try NIP44.ConversationKey(secret: sec1, publicKey: sec2.publicKey)
            XCTAssertEqual(Hex.encode(ck.bytes), r.conversation_key, "encrypt_decrypt #\(i) conversation key")
            let payload = try NIP44.encrypt(Array(r.plaintext.utf8), conversationKey: ck, nonce: hex(r.nonce, "#\(i)"))
            XCTAssertEqual(payload, r.payload, "encrypt_decrypt #\(i) payload")
            let other = try NIP44.ConversationKey(secret: sec2, publicKey: sec1.publicKey)
            XCTAssertEqual(other, ck, "encrypt_decrypt #\(i) symmetric conversation key")
            XCTAssertEqual(try NIP44.decrypt(r.payload, to: sec2, from: sec1.publicKey), r.plaintext, "encrypt_decrypt #\(i) decrypt")
        }
    }

    func testLongMessages() throws {
        let rows = try v2().valid.encrypt_decrypt_long_msg
        XCTAssertEqual(rows.count, 3)
        for (i, r) in rows.enumerated() {
            let plaintext = Array(String(repeating: r.pattern, count: r.repeat).utf8)
            XCTAssertEqual(Hex.encode(SHA256.hash(plaintext)), r.plaintext_sha256, "long_msg #\(i) plaintext")
            let ck = try NIP44.ConversationKey(bytes: hex(r.conversation_key, "long #\(i)"))
            let payload = try NIP44.encrypt(plaintext, conversationKey: ck, nonce: hex(r.nonce, "long #\(i)"))
            XCTAssertEqual(Hex.encode(SHA256.hash(payload)), r.payload_sha256, "long_msg #\(i) payload")
            XCTAssertEqual(try NIP44.decrypt(payload, conversationKey: ck), plaintext, "long_msg #\(i) decrypt")
        }
    }

    func testInvalidDecrypt() throws {
        let rows = try v2().invalid.decrypt
        XCTAssertEqual(rows.count, 12)
        for r in rows {
            let ck = try NIP44.ConversationKey(bytes: hex(r.conversation_key, r.note))
            XCTAssertThrowsError(try NIP44.decrypt(r.payload, conversationKey: ck), "invalid decrypt: \(r.note)") { error in
                guard let e = error as? NIP44Error else { return XCTFail("\(r.note): untyped error \(error)") }
                switch r.note {
                case let n where n.hasPrefix("unknown encryption version"):
                    if case .unknownVersion = e {} else { XCTFail("\(n): got \(e)") }
                case "invalid base64": XCTAssertEqual(e, .invalidBase64, r.note)
                case "invalid MAC": XCTAssertEqual(e, .invalidMAC, r.note)
                case "invalid padding": XCTAssertEqual(e, .invalidPadding, r.note)
                default: XCTAssertFalse(e.description.isEmpty, r.note) // length cases: any typed error
                }
            }
        }
    }

    func testInvalidEncryptLengthsByDefault() throws {
        let lengths = try v2().invalid.encrypt_msg_lengths
        XCTAssertEqual(lengths, [0, 65536, 100000, 10000000])
        let ck = try NIP44.ConversationKey(bytes: [UInt8](repeating: 7, count: 32))
        for n in lengths {
            XCTAssertThrowsError(try NIP44.encrypt([UInt8](repeating: 0x61, count: n), conversationKey: ck),
                                 "encrypt_msg_lengths \(n)")
        }
        XCTAssertThrowsError(try NIP44.encrypt([], conversationKey: ck, allowExtendedLength: true)) {
            XCTAssertEqual($0 as? NIP44Error, .plaintextEmpty)
        }
        XCTAssertThrowsError(try NIP44.encrypt([UInt8](repeating: 0x61, count: 65536), conversationKey: ck)) {
            XCTAssertEqual($0 as? NIP44Error, .plaintextTooLong(length: 65536, limit: 65535))
            XCTAssertTrue("\($0)".contains("extended"))
        }
    }

    func testExtendedPrefixVectors() throws {
        let v = try JSONDecoder().decode(ExtendedVectors.self, from: Corpus.data("nip44/nip44.extended-prefix.vectors.json"))
        XCTAssertEqual(v.vectors.count, 3)
        let ck = try NIP44.ConversationKey(bytes: hex(v.conversation_key, "extended"))
        let nonce = try hex(v.nonce, "extended")
        for r in v.vectors {
            let plaintext = Array(String(repeating: v.pattern, count: r.plaintext_len).utf8)
            XCTAssertEqual(Hex.encode(SHA256.hash(plaintext)), r.plaintext_sha256, "extended \(r.plaintext_len) plaintext")
            XCTAssertEqual(NIP44.paddedLength(r.plaintext_len), r.padded_len, "extended \(r.plaintext_len) padded_len")
            let payload = try NIP44.encrypt(plaintext, conversationKey: ck, nonce: nonce, allowExtendedLength: true)
            XCTAssertEqual(Hex.encode(SHA256.hash(payload)), r.payload_sha256, "extended \(r.plaintext_len) payload")
            XCTAssertEqual(try NIP44.decrypt(payload, conversationKey: ck), plaintext, "extended \(r.plaintext_len) decrypt")
        }
    }

    func testRoundTripAndTamper() throws {
        let a = SecretKey.generate(), b = SecretKey.generate()
        let text = "gm 🌅 nostr"
        let payload = try NIP44.encrypt(text, from: a, to: b.publicKey)
        XCTAssertNotEqual(payload, try NIP44.encrypt(text, from: a, to: b.publicKey), "nonce must be fresh")
        XCTAssertEqual(try NIP44.decrypt(payload, to: b, from: a.publicKey), text)
        XCTAssertEqual(try NIP44.decrypt(payload, to: a, from: b.publicKey), text)

        let stranger = SecretKey.generate()
        XCTAssertThrowsError(try NIP44.decrypt(payload, to: stranger, from: a.publicKey)) {
            XCTAssertEqual($0 as? NIP44Error, .invalidMAC)
        }
        var bytes = Base64.decode(payload)!
        bytes[40] ^= 1
        XCTAssertThrowsError(try NIP44.decrypt(Base64.encode(bytes), to: b, from: a.publicKey)) {
            XCTAssertEqual($0 as? NIP44Error, .invalidMAC)
        }
        XCTAssertThrowsError(try NIP44.decrypt(payload, to: b, from: a.publicKey, maxPayloadLength: 100)) {
            XCTAssertEqual($0 as? NIP44Error, .payloadTooLarge(length: payload.utf8.count, limit: 100))
        }
    }

    func testZeroedExtendedPrefixWithShortLengthIsInvalidPadding() throws {
        // A 6-byte prefix announcing fewer than 65,536 bytes must be rejected (44.md `unpad`).
        let ck = try NIP44.ConversationKey(bytes: [UInt8](repeating: 9, count: 32))
        let nonce = [UInt8](repeating: 3, count: 32)
        let keys = try NIP44.messageKeys(conversationKey: ck, nonce: nonce)
        var padded: [UInt8] = [0, 0, 0, 0, 0, 1, 0x61] + [UInt8](repeating: 0, count: 31) // 6 + 32 bytes
        _ = padded.withUnsafeMutableBytes { p in
            keys.chachaKey.withUnsafeBufferPointer { k in keys.chachaNonce.withUnsafeBufferPointer { n in
                chachaForTest(p, k, n)
            } }
        }
        let mac = HMACSHA256.authenticate(nonce + padded, key: keys.hmacKey)
        let payload = Base64.encode([2] + nonce + padded + mac)
        XCTAssertThrowsError(try NIP44.decrypt(payload, conversationKey: ck)) {
            XCTAssertEqual($0 as? NIP44Error, .invalidPadding)
        }
    }
}

import CSodium

private func chachaForTest(_ p: UnsafeMutableRawBufferPointer, _ k: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Int32 {
    let b = p.baseAddress!.assumingMemoryBound(to: UInt8.self)
    return crypto_stream_chacha20_ietf_xor(b, b, UInt64(p.count), n.baseAddress!, k.baseAddress!)
}
