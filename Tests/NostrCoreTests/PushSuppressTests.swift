import NostrCore
import XCTest

/// Own events, mute lists (public and private items), age and duplicates.
final class PushSuppressTests: XCTestCase {
    private func reply(_ f: PushFixtures, by key: SecretKey, to note: Event, _ text: String = "reply",
                       tags extra: [Tag] = [], at: Int64 = PushFixtures.now - 10) throws -> Event {
        try f.sign(key, kind: .textNote, tags: [["e", note.id.hex, "", "root"], ["p", f.alice.publicKey.hex]] + extra,
                   content: text, at: at)
    }

    private func reason(_ result: PushResult) -> String? {
        if case let .suppress(r) = result { return r.description }
        return nil
    }

    func testOwnEventIsSuppressed() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let selfReply = try reply(f, by: f.alice, to: note)
        let result = await f.enricher().enrich(f.apns(selfReply))
        XCTAssertEqual(result, .suppress(.ownEvent))
        let own = try await f.dm("note to self", from: f.alice, to: f.alice.publicKey)
        let r1 = await f.enricher().enrich(own.jsonBytes)
        XCTAssertEqual(r1, .suppress(.ownEvent))
    }

    func testNotAddressedToAnyAccount() async throws {
        let f = try PushFixtures()
        let stray = try f.sign(f.bob, kind: .textNote, tags: [["p", f.carol.publicKey.hex]], content: "not for alice")
        let r2 = await f.enricher().enrich(stray.jsonBytes)
        XCTAssertEqual(r2, .suppress(.notForAccount))
        let unsupported = try f.sign(f.bob, kind: 30023, tags: [["p", f.alice.publicKey.hex]], content: "article")
        let r3 = await f.enricher().enrich(unsupported.jsonBytes)
        XCTAssertEqual(r3, .suppress(.unsupportedKind(30023)))
    }

    func testPublicMuteListAuthorThreadWordAndHashtag() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let mutedThread = try f.sign(f.carol, kind: .textNote, content: "muted root")
        try f.save(try f.sign(f.alice, kind: .muteList, tags: [["p", f.dave.publicKey.hex], ["e", mutedThread.id.hex],
                                                               ["word", "Crypto"], ["t", "nsfw"]], content: ""))
        let enricher = f.enricher()
        let rows: [(String, Event, SuppressReason?)] = [
            ("author", try reply(f, by: f.dave, to: note), .mutedAuthor),
            ("thread", try f.sign(f.bob, kind: .textNote, tags: [["e", mutedThread.id.hex, "", "root"], ["p", f.alice.publicKey.hex]],
                                  content: "in a muted thread"), .mutedThread),
            ("word", try reply(f, by: f.bob, to: note, "buy CRYPTO now"), .mutedWord),
            ("hashtag", try reply(f, by: f.bob, to: note, "pics", tags: [["t", "NSFW"]]), .mutedWord),
            ("clean", try reply(f, by: f.bob, to: note, "a fine reply"), nil),
        ]
        for (name, event, expected) in rows {
            let result = await enricher.enrich(event.jsonBytes)
            if let expected { XCTAssertEqual(result, .suppress(expected), name) } else { XCTAssertNotNil(result.notification, name) }
        }
    }

    func testPrivateMuteItemsAreDecrypted() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let hidden = #"[["p","\#(f.bob.publicKey.hex)"]]"#
        let content = try NIP44.encrypt(hidden, from: f.alice, to: f.alice.publicKey)
        try f.save(try f.sign(f.alice, kind: .muteList, content: content))
        let r4 = await f.enricher().enrich(try reply(f, by: f.bob, to: note).jsonBytes)
        XCTAssertEqual(r4, .suppress(.mutedAuthor))
        // The muted author's gift-wrapped DMs too.
        let wrap = try await f.dm("let me in", from: f.bob, to: f.alice.publicKey)
        let r5 = await f.enricher().enrich(wrap.jsonBytes)
        XCTAssertEqual(r5, .suppress(.mutedAuthor))
    }

    func testLegacyNIP04PrivateMuteItems() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let content = try NIP04.encrypt(#"[["word","spam"]]"#, from: f.alice, to: f.alice.publicKey)
        try f.save(try f.sign(f.alice, kind: .muteList, content: content))
        let r6 = await f.enricher().enrich(try reply(f, by: f.bob, to: note, "SPAM!").jsonBytes)
        XCTAssertEqual(r6, .suppress(.mutedWord))
    }

    func testMaxAge() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let old = try reply(f, by: f.bob, to: note, at: PushFixtures.now - 7200)
        let fresh = try reply(f, by: f.bob, to: note, "fresh", at: PushFixtures.now - 60)
        let enricher = f.enricher(maxAge: 3600)
        let r7 = await enricher.enrich(old.jsonBytes)
        XCTAssertEqual(r7, .suppress(.tooOld))
        let r8 = await enricher.enrich(fresh.jsonBytes)
        XCTAssertNotNil(r8.notification)
    }

    func testDuplicatesWithinTheWindow() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try reply(f, by: f.bob, to: note)
        let enricher = f.enricher()
        let r9 = await enricher.enrich(f.apns(r))
        XCTAssertNotNil(r9.notification)
        let r10 = await enricher.enrich(r.jsonBytes)
        XCTAssertEqual(reason(r10), "duplicate", "same event, another shape")
        let r11 = await enricher.enrich(try f.fcm(r, to: f.alice.publicKey))
        XCTAssertEqual(reason(r11), "duplicate")
        // The same DM wrapped twice (two wraps, one rumor) is one notification.
        let rumor = UnsignedEvent(pubkey: f.bob.publicKey, createdAt: PushFixtures.now, kind: .chatMessage,
                                  tags: [["p", f.alice.publicKey.hex]], content: "once")
        let w1 = try await NIP59.giftWrap(rumor, to: f.alice.publicKey, signer: LocalSigner(f.bob))
        let w2 = try await NIP59.giftWrap(rumor, to: f.alice.publicKey, signer: LocalSigner(f.bob))
        let r12 = await enricher.enrich(w1.jsonBytes)
        XCTAssertNotNil(r12.notification)
        let r13 = await enricher.enrich(w2.jsonBytes)
        XCTAssertEqual(r13, .suppress(.duplicate))
    }

    func testAForgedCopyDoesNotPoisonTheDedupeWindow() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try reply(f, by: f.bob, to: note)
        let forged = Event(id: r.id, pubkey: r.pubkey, createdAt: r.createdAt, kind: r.kind, tags: r.tags,
                           content: r.content, sig: [UInt8](repeating: 7, count: 64))
        let enricher = f.enricher()
        guard case .error(.invalidEvent(.invalidSignature)) = await enricher.enrich(forged.jsonBytes) else {
            return XCTFail("a bad signature must be an error")
        }
        let r14 = await enricher.enrich(r.jsonBytes)
        XCTAssertNotNil(r14.notification)
    }
}
