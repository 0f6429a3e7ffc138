import Synchronization
import NostrCore
import XCTest

/// Every input shape and category, from payloads built with generated keys.
final class PushEnricherTests: XCTestCase {
    func testReplyAsAPNsObjectAndStringAndBareEvent() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let reply = try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex, "", "root"], ["p", f.alice.publicKey.hex]],
                               content: "great point")
        for (name, payload) in [("apns object", f.apns(reply)), ("apns string", f.apns(reply, asString: true)),
                                ("bare", reply.jsonBytes)] {
            let n = try await PushFixtures.run(f.enricher(), payload)
            XCTAssertEqual(n.category, .reply, name)
            XCTAssertEqual(n.title, "Bob replied", name)
            XCTAssertEqual(n.body, "great point", name)
            XCTAssertEqual(n.threadID, note.id.hex, name)
            XCTAssertEqual(n.account, f.alice.publicKey, name)
            XCTAssertEqual(n.sender, .init(pubkey: f.bob.publicKey, name: "Bob", picture: "https://example.com/bob.png"), name)
            XCTAssertEqual(n.eventID, reply.id, name)
            XCTAssertEqual(n.kind, .textNote, name)
            XCTAssertEqual(n.createdAt, reply.createdAt, name)
            XCTAssertNil(n.amountSats, name)
        }
    }

    func testNestedReplyThreadIsTheRoot() async throws {
        let f = try PushFixtures()
        let root = try f.sign(f.carol, kind: .textNote, content: "root")
        let mine = try f.sign(f.alice, kind: .textNote, tags: [["e", root.id.hex, "", "root"]], content: "me too")
        try f.save(root)
        try f.save(mine)
        let reply = try f.sign(f.bob, kind: .textNote, tags: [["e", root.id.hex, "", "root"], ["e", mine.id.hex, "", "reply"],
                                                              ["p", f.carol.publicKey.hex], ["p", f.alice.publicKey.hex]],
                               content: "answering alice")
        let n = try await PushFixtures.run(f.enricher(), f.apns(reply))
        XCTAssertEqual(n.category, .reply)
        XCTAssertEqual(n.threadID, root.id.hex)
    }

    func testReplyToSomeoneElseInAThreadIsAMention() async throws {
        let f = try PushFixtures()
        let other = try f.sign(f.carol, kind: .textNote, content: "carol's note")
        try f.save(other)
        let reply = try f.sign(f.bob, kind: .textNote, tags: [["e", other.id.hex, "", "root"], ["p", f.carol.publicKey.hex],
                                                              ["p", f.alice.publicKey.hex]], content: "cc alice")
        let n = try await PushFixtures.run(f.enricher(), f.apns(reply))
        XCTAssertEqual(n.category, .mention)
        XCTAssertEqual(n.title, "Bob mentioned you")
    }

    func testMentionRendersNostrURIsAsNames() async throws {
        let f = try PushFixtures()
        let text = "hey nostr:\(f.alice.publicKey.npub) meet nostr:\(f.carol.publicKey.npub) and nostr:\(f.dave.publicKey.npub)!"
        let mention = try f.sign(f.bob, kind: .textNote, tags: [["p", f.alice.publicKey.hex]], content: text)
        let n = try await PushFixtures.run(f.enricher(), f.apns(mention))
        XCTAssertEqual(n.category, .mention)
        XCTAssertEqual(n.title, "Bob mentioned you")
        XCTAssertEqual(n.body, "hey @\(PushProfile.shortName(f.alice.publicKey)) meet @carol and @\(PushProfile.shortName(f.dave.publicKey))!")
        XCTAssertEqual(n.threadID, mention.id.hex, "a top-level note is its own thread")
    }

    func testReactions() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote("the reacted note")
        let rows: [(content: String, title: String)] = [("+", "Bob reacted ❤️"), ("", "Bob reacted ❤️"), ("-", "Bob reacted 👎"),
                                                         ("🤙", "Bob reacted 🤙"), (":soapbox:", "Bob reacted :soapbox:")]
        let enricher = f.enricher()
        for row in rows {
            let r = try f.sign(f.bob, kind: .reaction, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: row.content)
            let n = try await PushFixtures.run(enricher, f.apns(r))
            XCTAssertEqual(n.category, .reaction, row.content)
            XCTAssertEqual(n.title, row.title, row.content)
            XCTAssertEqual(n.body, "the reacted note", row.content)
            XCTAssertEqual(n.threadID, note.id.hex, row.content)
        }
    }

    func testReactionWithoutPTagFindsTheAccountThroughTheCachedNote() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try f.sign(f.bob, kind: .reaction, tags: [["e", note.id.hex]], content: "+")
        let n = try await PushFixtures.run(f.enricher(), r.jsonBytes)
        XCTAssertEqual(n.account, f.alice.publicKey)
    }

    func testReposts() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote("repost me")
        let kind6 = try f.sign(f.bob, kind: .repost, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: note.json)
        let kind16 = try f.sign(f.carol, kind: .genericRepost, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex], ["k", "1"]], content: "")
        let enricher = f.enricher()
        let a = try await PushFixtures.run(enricher, f.apns(kind6))
        XCTAssertEqual(a.category, .repost)
        XCTAssertEqual(a.title, "Bob reposted your note")
        XCTAssertEqual(a.body, "repost me")
        XCTAssertEqual(a.threadID, note.id.hex)
        let b = try await PushFixtures.run(enricher, f.apns(kind16))
        XCTAssertEqual(b.title, "carol reposted your note")
        XCTAssertEqual(b.kind, .genericRepost)
    }

    func testGiftWrappedDMBareAPNsAndFCM() async throws {
        let f = try PushFixtures()
        let wrap = try await f.dm("hello alice", from: f.bob, to: f.alice.publicKey)
        let expectedThread = [f.alice.publicKey.hex, f.bob.publicKey.hex].sorted().joined(separator: ",")
        for (name, payload) in [("bare", wrap.jsonBytes), ("apns", f.apns(wrap)),
                                ("fcm", try f.fcm(wrap, to: f.alice.publicKey, asString: true))] {
            let n = try await PushFixtures.run(f.enricher(), payload)
            XCTAssertEqual(n.category, .dm, name)
            XCTAssertEqual(n.title, "Bob", name)
            XCTAssertEqual(n.body, "hello alice", name)
            XCTAssertEqual(n.threadID, expectedThread, name)
            XCTAssertEqual(n.kind, .chatMessage, name)
            XCTAssertEqual(n.createdAt, PushFixtures.now - 5, "the rumor's time, not the randomised wrap's")
        }
        // The reply goes the other way but lands in the same conversation.
        let back = try await f.dm("hi bob", from: f.alice, to: f.bob.publicKey)
        let n = try await PushFixtures.run(f.enricher([f.bob]), back.jsonBytes)
        XCTAssertEqual(n.threadID, expectedThread)
        XCTAssertEqual(n.title, PushProfile.shortName(f.alice.publicKey))
    }

    func testGroupDMThreadIsTheParticipantSet() async throws {
        let f = try PushFixtures()
        let wrap = try await f.dm("group hi", from: f.bob, to: f.alice.publicKey, extraRecipients: [f.carol.publicKey])
        let n = try await PushFixtures.run(f.enricher(), wrap.jsonBytes)
        XCTAssertEqual(n.threadID, [f.alice, f.bob, f.carol].map(\.publicKey.hex).sorted().joined(separator: ","))
    }

    func testNIP04DirectMessage() async throws {
        let f = try PushFixtures()
        let content = try NIP04.encrypt("legacy secret", from: f.bob, to: f.alice.publicKey)
        let dm = try f.sign(f.bob, kind: .encryptedDirectMessage, tags: [["p", f.alice.publicKey.hex]], content: content)
        let n = try await PushFixtures.run(f.enricher(), f.apns(dm))
        XCTAssertEqual(n.category, .dm)
        XCTAssertEqual(n.title, "Bob")
        XCTAssertEqual(n.body, "legacy secret")
        XCTAssertEqual(n.threadID, [f.alice.publicKey.hex, f.bob.publicKey.hex].sorted().joined(separator: ","))
    }

    func testFCMInnerPlainEventAndSecondAccount() async throws {
        let f = try PushFixtures()
        let other = SecretKey.generate()
        let note = try f.aliceNote()
        let reply = try f.sign(f.bob, kind: .textNote, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "via fcm")
        let n = try await PushFixtures.run(f.enricher([other, f.alice]), try f.fcm(reply, to: f.alice.publicKey))
        XCTAssertEqual(n.account, f.alice.publicKey, "the second key decrypted it")
        XCTAssertEqual(n.category, .reply)
    }

    func testWakeUpResolvesFromCacheOrFetchOrStaysAWake() async throws {
        let f = try PushFixtures()
        let big = try f.sign(f.bob, kind: .textNote, tags: [["p", f.alice.publicKey.hex]], content: String(repeating: "long ", count: 2000))
        let wake = try f.sign(f.server, kind: .pushWake, tags: [["e", big.id.hex], ["k", "1"], ["p", f.bob.publicKey.hex]], content: "")
        let payload = try f.fcm(wake, to: f.alice.publicKey)

        // Not cached, no network: a wake notification naming the event.
        let w = try await PushFixtures.run(f.enricher(), payload)
        XCTAssertEqual(w.category, .wake)
        XCTAssertEqual(w.eventID, big.id)
        XCTAssertEqual(w.kind, .textNote)
        XCTAssertEqual(w.title, "New activity from Bob")

        // Through the fetch hook (a forged copy is ignored, the real one used).
        let forged = Event(id: big.id, pubkey: big.pubkey, createdAt: big.createdAt, kind: big.kind, tags: big.tags,
                           content: "forged", sig: big.sig)
        let fetched = try await PushFixtures.run(f.enricher(fetch: { _ in [forged, big] }), payload)
        XCTAssertEqual(fetched.category, .mention)
        XCTAssertEqual(fetched.body.count, 300)
        XCTAssertTrue(fetched.body.hasSuffix("…"))

        // From the cache.
        try f.save(big)
        let cached = try await PushFixtures.run(f.enricher(), payload)
        XCTAssertEqual(cached.eventID, big.id)
        XCTAssertEqual(cached.category, .mention)
    }

    func testNamesFallBackFromDisplayNameToNameToNpub() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let enricher = f.enricher()
        for (key, name, picture) in [(f.bob, "Bob", "https://example.com/bob.png"), (f.carol, "carol", nil),
                                     (f.dave, PushProfile.shortName(f.dave.publicKey), nil)] {
            let r = try f.sign(key, kind: .reaction, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "+")
            let n = try await PushFixtures.run(enricher, r.jsonBytes)
            XCTAssertEqual(n.sender.name, name)
            XCTAssertEqual(n.sender.picture, picture, "only http(s) pictures are passed on")
        }
        XCTAssertTrue(PushProfile.shortName(f.dave.publicKey).hasPrefix("npub1"))
    }

    func testMissingProfileIsFetchedOnceThroughTheHook() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let daveProfile = try f.profile(f.dave, json: #"{"display_name":"Dave \n Fetched"}"#)
        let calls = Counter()
        let enricher = f.enricher(fetch: { filters in
            calls.increment()
            return filters.first?.authors == [daveProfile.pubkey] ? [daveProfile] : []
        })
        for content in ["+", "-"] {
            let r = try f.sign(f.dave, kind: .reaction, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: content)
            let n = try await PushFixtures.run(enricher, r.jsonBytes)
            XCTAssertEqual(n.sender.name, "Dave   Fetched", "control characters become spaces")
        }
        XCTAssertEqual(calls.value, 1, "the second lookup is answered from memory")
    }

    func testOutputJSONShape() async throws {
        let f = try PushFixtures()
        let note = try f.aliceNote()
        let r = try f.sign(f.bob, kind: .reaction, tags: [["e", note.id.hex], ["p", f.alice.publicKey.hex]], content: "+")
        let result = await f.enricher().enrich(r.jsonBytes)
        let expected = #"{"status":"notify","account":"\#(f.alice.publicKey.hex)","category":"reaction","title":"Bob reacted ❤️","body":"my note about swift","threadId":"\#(note.id.hex)","sender":{"pubkey":"\#(f.bob.publicKey.hex)","name":"Bob","picture":"https://example.com/bob.png"},"eventId":"\#(r.id.hex)","kind":7,"createdAt":\#(r.createdAt)}"#
        XCTAssertEqual(result.json, expected)
        XCTAssertEqual(PushResult.suppress(.duplicate).json, #"{"status":"suppress","reason":"duplicate"}"#)
        XCTAssertEqual(PushResult.error(.notDecryptable).json.hasPrefix(#"{"status":"error","error":"no account key"#), true)
    }
}

/// A thread-safe call counter for hook closures.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
