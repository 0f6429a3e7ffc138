import Foundation
import TestSupport
import XCTest
@testable import NostrCore

final class NIP59Tests: XCTestCase {
    let aliceKey = SecretKey.generate()
    let bobKey = SecretKey.generate()
    let carolKey = SecretKey.generate()
    var alice: LocalSigner { LocalSigner(aliceKey) }
    var bob: LocalSigner { LocalSigner(bobKey) }
    var carol: LocalSigner { LocalSigner(carolKey) }

    /// Runs `body`, expecting it to throw `NIP59Error` matching `check`.
    private func expectFailure(_ what: String, _ body: () async throws -> Void,
                               _ check: (NIP59Error) -> Bool, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("\(what): accepted", file: file, line: line)
        } catch let error as NIP59Error {
            XCTAssertTrue(check(error), "\(what): unexpected error \(error)", file: file, line: line)
        } catch {
            XCTFail("\(what): not a NIP59Error: \(error)", file: file, line: line)
        }
    }

    /// A kind-13-like event by `key` holding `rumorJSON` encrypted to `recipient`, with any kind and tags.
    private func craftSeal(_ rumorJSON: String, by key: SecretKey, to recipient: PublicKey,
                           kind: Kind = .seal, tags: [Tag] = []) throws -> Event {
        let content = try NIP44.encrypt(rumorJSON, from: key, to: recipient)
        return try UnsignedEvent(pubkey: key.publicKey, createdAt: NIP17.now(), kind: kind, tags: tags, content: content)
            .sign(with: key)
    }

    // MARK: round trips

    func testGroupMessageEveryoneOpensTheirCopy() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey, carolKey.publicKey],
                                      content: "dinner at 8?", subject: "weekend")
        let wraps = try await NIP17.wrapForAll(rumor, signer: alice)
        XCTAssertEqual(wraps.map(\.recipient), [bobKey.publicKey, carolKey.publicKey, aliceKey.publicKey],
                       "one per p tag, then one for the sender")
        XCTAssertEqual(Set(wraps.map(\.wrap.pubkey)).count, 3, "a fresh one-time key per wrap")

        let signers = [bobKey.publicKey: bob, carolKey.publicKey: carol, aliceKey.publicKey: alice]
        for (recipient, wrap) in wraps {
            let signer = try XCTUnwrap(signers[recipient])
            let gift = try await NIP59.unwrap(wrap, signer: signer)
            XCTAssertEqual(gift.sender, aliceKey.publicKey, "copy for \(recipient)")
            XCTAssertEqual(gift.rumor, rumor, "copy for \(recipient)")
            XCTAssertEqual(gift.rumorID, rumor.id, "copy for \(recipient)")
            XCTAssertEqual(NIP17.conversationID(of: gift.rumor), NIP17.conversationID(of: rumor))
        }
        // Bob cannot open Carol's copy.
        await expectFailure("bob opens carol's wrap", { _ = try await NIP59.unwrap(wraps[1].wrap, signer: self.bob) }) {
            if case .decryptWrap = $0 { true } else { false }
        }
    }

    func testLayersFollowTheSpec() async throws {
        let now = NIP17.now()
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "hi", createdAt: now)
        let seal = try await NIP59.seal(rumor, to: bobKey.publicKey, signer: alice)
        XCTAssertEqual(seal.kind, .seal)
        XCTAssertEqual(seal.tags, [], "NIP-59: tags MUST always be empty in a kind:13")
        XCTAssertEqual(seal.pubkey, aliceKey.publicKey)
        XCTAssertNoThrow(try seal.verify())
        XCTAssert((now - NIP59.maxTimestampTweak...now + 1).contains(seal.createdAt), "seal created_at \(seal.createdAt)")
        let rumorJSON = try NIP44.decrypt(seal.content, to: bobKey, from: aliceKey.publicKey)
        XCTAssertTrue(rumorJSON.contains("\"id\":\"\(rumor.id.hex)\""), "the rumor carries its id")
        XCTAssertFalse(rumorJSON.contains("\"sig\""), "the rumor is unsigned")

        let wrap = try NIP59.wrap(seal, to: bobKey.publicKey, extraTags: [["expiration", "2000000000"]])
        XCTAssertEqual(wrap.kind, .giftWrap)
        XCTAssertEqual(wrap.tags, [["p", bobKey.publicKey.hex], ["expiration", "2000000000"]])
        XCTAssertNotEqual(wrap.pubkey, aliceKey.publicKey)
        XCTAssertNoThrow(try wrap.verify())
        XCTAssert((now - NIP59.maxTimestampTweak...now + 1).contains(wrap.createdAt), "wrap created_at \(wrap.createdAt)")
        let sealJSON = try NIP44.decrypt(wrap.content, to: bobKey, from: wrap.pubkey)
        XCTAssertEqual(try Event(json: sealJSON), seal)
    }

    func testTimestampsAreSpreadIntoThePast() {
        let now: Int64 = 1_700_000_000
        let samples = (0..<200).map { _ in NIP59.randomPastTimestamp(now: now) }
        XCTAssert(samples.allSatisfy { $0 <= now && $0 > now - NIP59.maxTimestampTweak })
        XCTAssertGreaterThan(Set(samples).count, 150)
    }

    func testEphemeralGiftWrapOpens() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "live")
        let seal = try await NIP59.seal(rumor, to: bobKey.publicKey, signer: alice)
        let wrap = try NIP59.wrap(seal, to: bobKey.publicKey, kind: .ephemeralGiftWrap)
        XCTAssertEqual(wrap.kind.rawValue, 21059)
        let gift = try await NIP59.unwrap(wrap, signer: bob)
        XCTAssertEqual(gift.rumor.content, "live")
    }

    // MARK: every check of unwrap

    func testForgedSenderIsRejected() async throws {
        // Carol writes a rumor claiming to be Alice and seals it with her own key.
        let forged = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "send me sats")
        let seal = try craftSeal(forged.json(includingID: true), by: carolKey, to: bobKey.publicKey)
        let wrap = try NIP59.wrap(seal, to: bobKey.publicKey)
        await expectFailure("forged sender", { _ = try await NIP59.unwrap(wrap, signer: self.bob) }) {
            $0 == .senderMismatch(seal: self.carolKey.publicKey, rumor: self.aliceKey.publicKey)
        }
        // And our own seal refuses to make one.
        do {
            _ = try await NIP59.seal(forged, to: bobKey.publicKey, signer: carol)
            XCTFail("sealed a rumor of someone else")
        } catch {
            guard case .invalidKey = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testWrapForSomeoneElse() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "for bob")
        let wrap = try await NIP59.giftWrap(rumor, to: bobKey.publicKey, signer: alice)
        await expectFailure("carol opens bob's wrap", { _ = try await NIP59.unwrap(wrap, signer: self.carol) }) {
            if case .decryptWrap(.decryption) = $0 { true } else { false }
        }
    }

    func testTamperedLayers() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "hi")
        let seal = try await NIP59.seal(rumor, to: bobKey.publicKey, signer: alice)
        let tamperedSeal = Event(id: seal.id, pubkey: seal.pubkey, createdAt: seal.createdAt + 1, kind: seal.kind,
                                 tags: seal.tags, content: seal.content, sig: seal.sig)
        let wrap1 = try NIP59.wrap(tamperedSeal, to: bobKey.publicKey)
        await expectFailure("tampered seal", { _ = try await NIP59.unwrap(wrap1, signer: self.bob) }) { $0 == .sealSignature }

        let wrap = try NIP59.wrap(seal, to: bobKey.publicKey)
        let tamperedWrap = Event(id: wrap.id, pubkey: wrap.pubkey, createdAt: wrap.createdAt, kind: wrap.kind,
                                 tags: [["p", carolKey.publicKey.hex]], content: wrap.content, sig: wrap.sig)
        await expectFailure("tampered wrap", { _ = try await NIP59.unwrap(tamperedWrap, signer: self.bob) }) { $0 == .wrapSignature }
    }

    func testSealMustBeKind13WithoutTags() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "hi")
        let json = rumor.json(includingID: true)
        let kind1 = try NIP59.wrap(try craftSeal(json, by: aliceKey, to: bobKey.publicKey, kind: .textNote), to: bobKey.publicKey)
        await expectFailure("kind-1 seal", { _ = try await NIP59.unwrap(kind1, signer: self.bob) }) { $0 == .sealNotKind13(kind: 1) }

        let tagged = try craftSeal(json, by: aliceKey, to: bobKey.publicKey, tags: [["p", bobKey.publicKey.hex]])
        let wrap = try NIP59.wrap(tagged, to: bobKey.publicKey)
        await expectFailure("seal with tags", { _ = try await NIP59.unwrap(wrap, signer: self.bob) }) { $0 == .sealHasTags }
    }

    func testRumorMustBeUnsignedWithItsOwnID() async throws {
        let rumor = NIP17.chatMessage(from: aliceKey.publicKey, to: [bobKey.publicKey], content: "hi")
        let signed = try rumor.sign(with: aliceKey)
        let wrap1 = try NIP59.wrap(try craftSeal(signed.json, by: aliceKey, to: bobKey.publicKey), to: bobKey.publicKey)
        await expectFailure("signed rumor", { _ = try await NIP59.unwrap(wrap1, signer: self.bob) }) { $0 == .rumorSigned }

        let wrongID = rumor.json(includingID: true).replacingOccurrences(of: rumor.id.hex, with: String(repeating: "0", count: 64))
        let wrap2 = try NIP59.wrap(try craftSeal(wrongID, by: aliceKey, to: bobKey.publicKey), to: bobKey.publicKey)
        await expectFailure("wrong rumor id", { _ = try await NIP59.unwrap(wrap2, signer: self.bob) }) { $0 == .rumorIDMismatch }

        let wrap3 = try NIP59.wrap(try craftSeal("not json", by: aliceKey, to: bobKey.publicKey), to: bobKey.publicKey)
        await expectFailure("garbage rumor", { _ = try await NIP59.unwrap(wrap3, signer: self.bob) }) {
            if case .malformed = $0 { true } else { false }
        }

        // Without an id the rumor is still accepted, its id computed.
        let wrap4 = try NIP59.wrap(try craftSeal(rumor.json(includingID: false), by: aliceKey, to: bobKey.publicKey), to: bobKey.publicKey)
        let gift = try await NIP59.unwrap(wrap4, signer: bob)
        XCTAssertEqual(gift.rumorID, rumor.id)
    }

    func testNotAGiftWrap() async throws {
        let note = try UnsignedEvent(pubkey: aliceKey.publicKey, createdAt: 1, kind: .textNote, content: "x").sign(with: aliceKey)
        await expectFailure("kind 1", { _ = try await NIP59.unwrap(note, signer: self.bob) }) { $0 == .notAGiftWrap(kind: 1) }
    }
}
