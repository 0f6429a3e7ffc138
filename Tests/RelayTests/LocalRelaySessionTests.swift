import XCTest
import Synchronization
import NostrCore
@testable import Relay

/// The sans-IO relay: sessions fed parsed messages, answers collected from their output.
final class LocalRelaySessionTests: XCTestCase {
    private func relay(auth: Bool = false, limits: LocalRelayLimits = LocalRelayLimits(),
                       storage: (any LocalRelayStorage)? = nil) throws -> LocalRelayCore {
        let core = LocalRelayCore(storage: try storage ?? TestStorage.make(), limits: limits, requiresAuth: auth, clock: { Fixture.now })
        core.relayURLs = ["ws://127.0.0.1:10547"]
        return core
    }

    private func session(_ core: LocalRelayCore, _ id: UInt64 = 1, host: String? = nil) -> (RelaySession, SentMessages) {
        let out = SentMessages()
        let s = core.makeSession(id: id, host: host, output: out.output)
        s.start()
        return (s, out)
    }

    func testPublishDuplicateAndInvalidSignature() throws {
        let (s, out) = session(try relay())
        let e = try Fixture.event()
        s.receive(.event(e))
        XCTAssertEqual(out.take(), [.ok(eventID: e.id, accepted: true, message: "")])
        s.receive(.event(e))
        XCTAssertEqual(out.take(), [.ok(eventID: e.id, accepted: true, message: "duplicate: already have this event")])
        let forged = Fixture.forged(try Fixture.event(content: "forged"))
        s.receive(.event(forged))
        guard case let .ok(id, false, message)? = out.take().first else { return XCTFail("expected OK false") }
        XCTAssertEqual(id, forged.id)
        XCTAssertTrue(message.hasPrefix("invalid: "), message)
    }

    func testReqSendsStoredNewestFirstThenEOSEThenLive() throws {
        let core = try relay()
        let (publisher, pubOut) = session(core, 1)
        let old = try Fixture.event(content: "old", at: Fixture.now - 90)
        let new = try Fixture.event(content: "new", at: Fixture.now - 10)
        publisher.receive(.event(old))
        publisher.receive(.event(new))
        _ = pubOut.take()

        let (reader, out) = session(core, 2)
        reader.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [1])]))
        XCTAssertEqual(out.take(), [.event(subscriptionID: "s", event: new), .event(subscriptionID: "s", event: old), .eose(subscriptionID: "s")])

        let live = try Fixture.event(Fixture.bob, content: "live")
        publisher.receive(.event(live))
        XCTAssertEqual(out.take(), [.event(subscriptionID: "s", event: live)])
        let other = try Fixture.event(kind: 7, content: "+")
        publisher.receive(.event(other))
        XCTAssertEqual(out.take(), [], "a kind 7 does not match kinds [1]")
    }

    func testLimitIsPerFilterAndClampedToMaxLimit() throws {
        var limits = LocalRelayLimits()
        limits.maxLimit = 2
        let core = try relay(limits: limits)
        let (s, out) = session(core)
        for i in 0 ..< 4 { s.receive(.event(try Fixture.event(content: "n\(i)", at: Fixture.now - 100 + Int64(i)))) }
        _ = out.take()
        s.receive(.req(subscriptionID: "a", filters: [Filter(kinds: [1], limit: 1)]))
        XCTAssertEqual(out.take().count, 2, "one event and EOSE")
        s.receive(.req(subscriptionID: "b", filters: [Filter(kinds: [1], limit: 100)]))
        XCTAssertEqual(out.take().count, 3, "clamped to max_limit 2, then EOSE")
        s.receive(.req(subscriptionID: "c", filters: [Filter(kinds: [1], limit: 0)]))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "c")], "limit 0 asks for live events only")
    }

    func testStoredAnswerStopsAtItsByteBudget() throws {
        var limits = LocalRelayLimits()
        limits.maxStoredReplyBytes = 2_000
        let (s, out) = session(try relay(limits: limits))
        for i in 0 ..< 10 { s.receive(.event(try Fixture.event(content: String(repeating: "\(i)", count: 300), at: Fixture.now - 100 + Int64(i)))) }
        _ = out.take()
        s.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [1])]))
        let got = out.take()
        XCTAssertEqual(got.last, .eose(subscriptionID: "s"))
        XCTAssertEqual(got.count - 1, 3, "three ~560-byte events fit in 2,000 bytes, newest first")
    }

    func testCloseStopsLiveEventsAndReplacingASubscriptionChangesItsFilters() throws {
        let core = try relay()
        let (s, out) = session(core)
        s.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [1])]))
        s.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [7])]))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "s"), .eose(subscriptionID: "s")])
        XCTAssertEqual(s.subscriptionCount, 1)
        let note = try Fixture.event(content: "note"), reaction = try Fixture.event(kind: 7, content: "+")
        let (p, _) = session(core, 2)
        p.receive(.event(note))
        p.receive(.event(reaction))
        XCTAssertEqual(out.take(), [.event(subscriptionID: "s", event: reaction)], "the replaced REQ no longer matches kind 1")
        s.receive(.close(subscriptionID: "s"))
        XCTAssertEqual(core.subscribedConnections, 0)
        p.receive(.event(try Fixture.event(kind: 7, content: "again")))
        XCTAssertEqual(out.take(), [])
    }

    func testEphemeralEventsAreBroadcastButNotStored() throws {
        let core = try relay()
        let (s, out) = session(core)
        s.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [20001])]))
        _ = out.take()
        let e = try Fixture.event(kind: 20001, content: "typing")
        s.receive(.event(e))
        XCTAssertEqual(out.take(), [.ok(eventID: e.id, accepted: true, message: ""), .event(subscriptionID: "s", event: e)])
        s.receive(.req(subscriptionID: "t", filters: [Filter(kinds: [20001])]))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "t")])
        s.receive(.count(subscriptionID: "c", filters: [Filter(kinds: [20001])]))
        XCTAssertEqual(out.take(), [.count(subscriptionID: "c", count: 0)])
    }

    func testExpiredEventsAreRefused() throws {
        let (s, out) = session(try relay())
        let expired = try Fixture.event(tags: [["expiration", "\(Fixture.now - 1)"]])
        s.receive(.event(expired))
        guard case let .ok(_, false, message)? = out.take().first else { return XCTFail("expected OK false") }
        XCTAssertTrue(message.hasPrefix("invalid: "), message)
        let later = try Fixture.event(tags: [["expiration", "\(Fixture.now + 100)"]])
        s.receive(.event(later))
        XCTAssertEqual(out.take(), [.ok(eventID: later.id, accepted: true, message: "")])
    }

    func testDeletionRemovesTheEventAndRefusesItsReturn() throws {
        let core = try relay()
        let (s, out) = session(core)
        let note = try Fixture.event(content: "oops")
        s.receive(.event(note))
        s.receive(.req(subscriptionID: "live", filters: [Filter(kinds: [5])]))
        _ = out.take()
        let deletion = try Fixture.event(kind: .deletion, content: "", tags: [["e", note.id.hex]])
        s.receive(.event(deletion))
        XCTAssertEqual(out.take(), [.ok(eventID: deletion.id, accepted: true, message: ""), .event(subscriptionID: "live", event: deletion)])
        s.receive(.req(subscriptionID: "s", filters: [Filter(ids: [note.id])]))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "s")])
        s.receive(.event(note))
        guard case let .ok(_, false, message)? = out.take().first else { return XCTFail("a deleted event came back") }
        XCTAssertTrue(message.hasPrefix("blocked: "), message)
        // Someone else's deletion does not remove alice's event.
        let other = try Fixture.event(content: "mine")
        s.receive(.event(other))
        s.receive(.event(try Fixture.event(Fixture.bob, kind: .deletion, content: "", tags: [["e", other.id.hex]])))
        _ = out.take()
        s.receive(.req(subscriptionID: "t", filters: [Filter(ids: [other.id])]))
        XCTAssertEqual(out.take(), [.event(subscriptionID: "t", event: other), .eose(subscriptionID: "t")])
    }

    func testCount() throws {
        let (s, out) = session(try relay())
        for i in 0 ..< 3 { s.receive(.event(try Fixture.event(content: "\(i)"))) }
        s.receive(.event(try Fixture.event(Fixture.bob, content: "b")))
        _ = out.take()
        s.receive(.count(subscriptionID: "c", filters: [Filter(authors: [Fixture.alice.publicKey], limit: 1)]))
        XCTAssertEqual(out.take(), [.count(subscriptionID: "c", count: 3)], "COUNT ignores limit")
    }

    func testAuthRequiredThenSuccess() throws {
        let core = try relay(auth: true)
        let (s, out) = session(core, host: "localhost:10547")
        let challenge = s.challenge
        XCTAssertEqual(out.take(), [.auth(challenge: challenge)])
        let e = try Fixture.event()
        s.receive(.event(e))
        s.receive(.req(subscriptionID: "s", filters: [Filter()]))
        s.receive(.count(subscriptionID: "c", filters: [Filter()]))
        let refused = out.take()
        XCTAssertEqual(refused.count, 3)
        guard case let .ok(_, false, m1) = refused[0], case let .closed("s", m2) = refused[1], case let .closed("c", m3) = refused[2] else {
            return XCTFail("\(refused)")
        }
        for m in [m1, m2, m3] { XCTAssertTrue(m.hasPrefix("auth-required: "), m) }

        // The client connected as localhost (its Host header) and wrote wss and a trailing slash: still this relay.
        let answer = try Fixture.auth(challenge: challenge, relay: "wss://localhost:10547/")
        s.receive(.auth(answer))
        XCTAssertEqual(out.take(), [.ok(eventID: answer.id, accepted: true, message: "")])
        XCTAssertEqual(s.authenticated, [Fixture.alice.publicKey])
        s.receive(.event(e))
        XCTAssertEqual(out.take(), [.ok(eventID: e.id, accepted: true, message: "")])
    }

    func testAuthRefusals() throws {
        let core = try relay(auth: true)
        let (s, out) = session(core)
        let challenge = s.challenge
        _ = out.take()
        let cases: [(String, Event)] = [
            ("wrong challenge", try Fixture.auth(challenge: "not-it", relay: "ws://127.0.0.1:10547")),
            ("wrong relay", try Fixture.auth(challenge: challenge, relay: "ws://127.0.0.1:9999")),
            ("stale", try Fixture.auth(challenge: challenge, relay: "ws://127.0.0.1:10547", at: Fixture.now - 601)),
            ("forged", Fixture.forged(try Fixture.auth(challenge: challenge, relay: "ws://127.0.0.1:10547"))),
            ("wrong kind", try Fixture.event(tags: [["relay", "ws://127.0.0.1:10547"], ["challenge", challenge]])),
        ]
        for (name, e) in cases {
            s.receive(.auth(e))
            guard case let .ok(id, false, message)? = out.take().first else { XCTFail("\(name): expected OK false"); continue }
            XCTAssertEqual(id, e.id, name)
            XCTAssertTrue(message.hasPrefix("invalid: "), "\(name): \(message)")
        }
        XCTAssertTrue(s.authenticated.isEmpty)
    }

    func testTooManySubscriptionsAndFilters() throws {
        var limits = LocalRelayLimits()
        limits.maxSubscriptions = 2
        limits.maxFilters = 2
        let (s, out) = session(try relay(limits: limits))
        s.receive(.req(subscriptionID: "a", filters: [Filter()]))
        s.receive(.req(subscriptionID: "b", filters: [Filter()]))
        _ = out.take()
        s.receive(.req(subscriptionID: "c", filters: [Filter()]))
        guard case let .closed("c", message)? = out.take().first else { return XCTFail("expected CLOSED c") }
        XCTAssertTrue(message.hasPrefix("error: too many open subscriptions"), message)
        s.receive(.req(subscriptionID: "a", filters: [Filter(kinds: [1])]))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "a")], "replacing an open id is not a new subscription")
        s.receive(.close(subscriptionID: "b"))
        s.receive(.req(subscriptionID: "d", filters: [Filter(), Filter(), Filter()]))
        guard case let .closed("d", m2)? = out.take().first else { return XCTFail("expected CLOSED d") }
        XCTAssertTrue(m2.hasPrefix("invalid: 3 filters"), m2)
    }

    func testUnparsableMessages() throws {
        let (s, out) = session(try relay())
        s.receive(Array("not json".utf8))
        s.receive(Array(#"["HELLO"]"#.utf8))
        let notices = out.take()
        XCTAssertEqual(notices.count, 2)
        for n in notices { guard case .notice = n else { return XCTFail("\(n)") } }
        let id = String(repeating: "ab", count: 32)
        s.receive(Array(#"["EVENT",{"id":"\#(id)","kind":"one"}]"#.utf8))
        guard case let .ok(eventID, false, message)? = out.take().first else { return XCTFail("expected OK false") }
        XCTAssertEqual(eventID.hex, id)
        XCTAssertTrue(message.hasPrefix("invalid: "), message)
        s.receive(Array(#"["REQ","sub",{"kinds":"x"}]"#.utf8))
        guard case let .closed("sub", m)? = out.take().first else { return XCTFail("expected CLOSED") }
        XCTAssertTrue(m.hasPrefix("invalid: "), m)
        // Still usable.
        s.receive(Array(#"["REQ","ok",{}]"#.utf8))
        XCTAssertEqual(out.take(), [.eose(subscriptionID: "ok")])
    }

    /// A live event that arrives while the stored query runs comes after EOSE, once.
    func testEventsArrivingDuringTheQueryFollowEOSE() throws {
        let storage = try TestStorage.make()
        let core = try relay(storage: storage)
        let (p, _) = session(core, 1)
        let stored = try Fixture.event(content: "stored", at: Fixture.now - 60)
        p.receive(.event(stored))
        let during = try Fixture.event(Fixture.bob, content: "during")
        let (s, out) = session(core, 2)
        storage.afterQuery = { p.receive(.event(during)) }
        s.receive(.req(subscriptionID: "s", filters: [Filter(kinds: [1])]))
        XCTAssertEqual(out.take(), [.event(subscriptionID: "s", event: stored), .eose(subscriptionID: "s"),
                                    .event(subscriptionID: "s", event: during)])
    }

    func testEndedSessionGetsNothingAndLeavesTheRegistry() throws {
        let core = try relay()
        let (s, out) = session(core)
        s.receive(.req(subscriptionID: "s", filters: [Filter()]))
        XCTAssertEqual(core.subscribedConnections, 1)
        s.end()
        XCTAssertEqual(core.subscribedConnections, 0)
        _ = out.take()
        core.registry.broadcast(try Fixture.event())
        XCTAssertEqual(out.take(), [])
    }
}
