import Foundation
@testable import NostrCore
import XCTest

/// Payloads that must give an error line and leave the enricher working: truncated, wrong key,
/// forged seal, huge, invalid UTF-8, deeply nested, random corruption.
final class PushHostileTests: XCTestCase {
    private func errorText(_ result: PushResult, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case let .error(e) = result else {
            XCTFail("\(name): expected an error, got \(result.json)", file: file, line: line)
            return ""
        }
        return e.description
    }

    func testUnreadablePayloads() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let reply = try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "x")
        let good = f.apns(reply)
        let rows: [(String, [UInt8], (PushError) -> Bool)] = [
            ("empty", [], { if case .malformedJSON = $0 { true } else { false } }),
            ("truncated", Array(good.prefix(good.count / 2)), { if case .malformedJSON = $0 { true } else { false } }),
            ("not an object", Array("[1,2,3]".utf8), { if case .unrecognizedPayload = $0 { true } else { false } }),
            ("no known keys", Array(#"{"aps":{"alert":"hi"}}"#.utf8), { if case .unrecognizedPayload = $0 { true } else { false } }),
            ("nostr_event is a number", Array(#"{"nostr_event":42}"#.utf8), { if case .unrecognizedPayload = $0 { true } else { false } }),
            ("both shapes", Array(#"{"nostr_event":{},"encryptedEvent":{}}"#.utf8), { if case .unrecognizedPayload = $0 { true } else { false } }),
            ("event string not JSON", Array(#"{"nostr_event":"{nope"}"#.utf8), { if case .invalidEvent = $0 { true } else { false } }),
            ("invalid UTF-8", Array(#"{"nostr_event":{"content":""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8),
             { if case .invalidEvent(.malformed(let e)) = $0, e.reason == .invalidUTF8 { true } else { false } }),
            ("deeply nested", Array(#"{"aps":"#.utf8) + [UInt8](repeating: 0x5B, count: 100_000) + [UInt8](repeating: 0x5D, count: 100_000) + [0x7D],
             { if case let .malformedJSON(e) = $0, case .tooDeep = e.reason { true } else { false } }),
            ("nested under the size limit", Array(#"{"aps":"#.utf8) + [UInt8](repeating: 0x5B, count: 5000) + [UInt8](repeating: 0x5D, count: 5000) + [0x7D],
             { if case let .malformedJSON(e) = $0, case .tooDeep = e.reason { true } else { false } }),
            ("huge content", f.apns(try f.sign(f.bob, kind: .textNote, tags: [["p", f.alice.publicKey.hex]],
                                              content: String(repeating: "A", count: 300_000))),
             { if case .payloadTooLarge = $0 { true } else { false } }),
        ]
        let enricher = f.enricher()
        for (name, payload, check) in rows {
            let result = await enricher.enrich(payload)
            guard case let .error(e) = result else { XCTFail("\(name): \(result.json)"); continue }
            XCTAssertTrue(check(e), "\(name): \(e)")
            XCTAssertFalse(e.description.isEmpty, name)
        }
        let r1 = await enricher.enrich(good)
        XCTAssertNotNil(r1.notification, "the enricher carries on")
    }

    func testTamperedEvents() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "original")
        let edited = Array(r.json.replacingOccurrences(of: "original", with: "modified").utf8)
        _ = errorText(await f.enricher().enrich(edited), "edited content")
        guard case .error(.invalidEvent(.idMismatch)) = await f.enricher().enrich(edited) else { return XCTFail("id mismatch expected") }
    }

    func testFCMForAnotherKeyAndTamperedCiphertext() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "x")
        let stranger = SecretKey.generate()
        let r2 = await f.enricher().enrich(try f.fcm(r, to: stranger.publicKey))
        XCTAssertEqual(r2, .error(.notDecryptable))

        // Flip one base64 character of the ciphertext and re-sign the wrap: the MAC must catch it.
        var content = Array(try NIP44.encrypt(r.json, from: f.server, to: f.alice.publicKey).utf8)
        content[60] = content[60] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let wrap = try f.sign(f.server, kind: .giftWrap, content: String(decoding: content, as: UTF8.self))
        let r3 = await f.enricher().enrich(Array(#"{"encryptedEvent":"#.utf8) + wrap.jsonBytes + [0x7D])
        XCTAssertEqual(r3, .error(.notDecryptable))

        // Decrypts, but the inner text is not an event.
        let junk = try f.sign(f.server, kind: .giftWrap, content: try NIP44.encrypt("not json", from: f.server, to: f.alice.publicKey))
        guard case .error(.invalidInnerEvent) = await f.enricher().enrich(Array(#"{"encryptedEvent":"#.utf8) + junk.jsonBytes + [0x7D]) else {
            return XCTFail("invalid inner event expected")
        }
    }

    func testForgedSealIsRejected() async throws {
        let f = try PushFixtures()
        // Carol seals a rumor claiming to be from Bob.
        let rumor = UnsignedEvent(pubkey: f.bob.publicKey, createdAt: PushFixtures.now, kind: .chatMessage,
                                  tags: [["p", f.alice.publicKey.hex]], content: "I am bob, send sats")
        let sealContent = try NIP44.encrypt(rumor.json(includingID: true), from: f.carol, to: f.alice.publicKey)
        let seal = try f.sign(f.carol, kind: .seal, content: sealContent)
        let wrap = try NIP59.wrap(seal, to: f.alice.publicKey)
        guard case .error(.giftWrap(.senderMismatch)) = await f.enricher().enrich(wrap.jsonBytes) else {
            return XCTFail("a forged sender must be an error")
        }
        // A seal with a broken signature.
        let realSeal = try await NIP59.seal(rumor, to: f.alice.publicKey, signer: LocalSigner(f.bob))
        let badSeal = Event(id: realSeal.id, pubkey: realSeal.pubkey, createdAt: realSeal.createdAt, kind: .seal, tags: [],
                            content: realSeal.content, sig: [UInt8](repeating: 1, count: 64))
        let wrap2 = try NIP59.wrap(badSeal, to: f.alice.publicKey)
        guard case .error(.giftWrap(.sealSignature)) = await f.enricher().enrich(wrap2.jsonBytes) else {
            return XCTFail("a bad seal signature must be an error")
        }
        // A gift wrap for someone else.
        let other = try await f.dm("not yours", from: f.bob, to: f.carol.publicKey)
        guard case .error(.giftWrap(.decryptWrap)) = await f.enricher().enrich(other.jsonBytes) else {
            return XCTFail("a wrap for another key must be an error")
        }
    }

    func testInvalidZapReceiptIsAnError() async throws {
        let f = try PushFixtures()
        let provider = SecretKey.generate()
        let request = try f.sign(f.bob, kind: .zapRequest, tags: [["p", f.alice.publicKey.hex], ["amount", "21000"]], content: "zap!")
        let receipt = try f.sign(provider, kind: .zapReceipt, tags: [["p", f.alice.publicKey.hex], ["bolt11", "lnbc1notaninvoice"],
                                                                    ["description", request.json]], content: "")
        guard case .error(.invalidZap) = await f.enricher().enrich(receipt.jsonBytes) else { return XCTFail("invalid zap expected") }
    }

    func testNoAccounts() async {
        let result = await PushEnricher(accounts: []).enrich(Array("{}".utf8))
        XCTAssertEqual(result, .error(.noAccounts))
    }

    func testRandomCorruptionNeverCrashes() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let seeds: [[UInt8]] = [
            f.apns(try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "fuzz")),
            try f.fcm(try await f.dm("fuzz dm", from: f.bob, to: f.alice.publicKey), to: f.alice.publicKey),
        ]
        var rng = SystemRandomNumberGenerator()
        let enricher = f.enricher()
        for i in 0..<600 {
            var p = seeds[i % seeds.count]
            for _ in 0..<(1 + i % 4) {
                let k = Int.random(in: 0..<p.count, using: &rng)
                switch i % 3 {
                case 0: p[k] = UInt8.random(in: 0...255, using: &rng)
                case 1: p.remove(at: k)
                default: p.insert(UInt8.random(in: 0...255, using: &rng), at: k)
                }
            }
            let result = await enricher.enrich(p)
            XCTAssertFalse(result.json.isEmpty)
            XCTAssertNotNil(try? JSONValue.parse(result.jsonBytes), "output is always JSON (#\(i))")
        }
    }
}
