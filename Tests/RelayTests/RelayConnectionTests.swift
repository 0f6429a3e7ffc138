import NostrCore
@testable import Relay
import XCTest

/// `RelayConnection` against `ScriptedRelay` on 127.0.0.1.
final class RelayConnectionTests: XCTestCase {
    private func options(_ log: LogLines? = nil, signer: (any Signer)? = nil) -> RelayOptions {
        var o = RelayOptions()
        o.publishTimeout = .milliseconds(400)
        o.eoseTimeout = .milliseconds(400)
        o.countTimeout = .milliseconds(400)
        o.reconnect = Backoff(initial: .milliseconds(20), maximum: .milliseconds(100), maxAttempts: 20)
        o.signer = signer
        if let log { o.log = log.sink }
        return o
    }

    private static func collect(_ sub: RelaySubscription) async throws -> (events: [Event], eose: Int) {
        var events: [Event] = []
        var eose = 0
        for try await m in sub.messages {
            switch m {
            case let .event(e): events.append(e)
            case .eose: eose += 1
            }
        }
        return (events, eose)
    }

    func testPublishAcceptedThenDuplicate() async throws {
        let relay = try ScriptedRelay.start()
        let conn = RelayConnection(url: relay.relayURL, options: options())
        let note = TestEvents.note("hello", at: 1_700_000_000)
        try await within(10) {
            let first = try await conn.publish(note)
            XCTAssertEqual(first, .accepted(message: ""))
            let again = try await conn.publish(note)
            XCTAssertEqual(again, .duplicate(message: "duplicate: already have this event"))
            XCTAssertTrue(again.isSuccess)
        }
        await conn.close()
        await relay.stop()
    }

    func testPublishRejectedCarriesTheRelaysReason() async throws {
        let relay = try ScriptedRelay.start(.init(rejectWith: "blocked: you are banned"))
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let result = try await conn.publish(TestEvents.note("hi", at: 1))
            XCTAssertEqual(result, .rejected(reason: "blocked: you are banned"))
            XCTAssertEqual(result.prefix, "blocked")
            XCTAssertFalse(result.isSuccess)
        }
        await conn.close()
        await relay.stop()
    }

    func testRelayThatNeverSendsOKTimesOutNamingTheRelay() async throws {
        let relay = try ScriptedRelay.start(.init(answerOK: false))
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            do {
                _ = try await conn.publish(TestEvents.note("hi", at: 1))
                XCTFail("expected a timeout")
            } catch let error as RelayError {
                guard case let .timeout(name, what, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(name, relay.relayURL.string)
                XCTAssertTrue(what.hasPrefix("OK"), what)
                XCTAssertTrue(error.description.contains(relay.relayURL.string))
            }
        }
        await conn.close()
        await relay.stop()
    }

    func testRelayThatNeverSendsEOSETimesOutNamingTheRelay() async throws {
        let relay = try ScriptedRelay.start(.init(answerEOSE: false), events: [TestEvents.note("a", at: 5)])
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let sub = try await conn.subscribe([Filter(kinds: [.textNote])])
            var got = 0
            do {
                for try await m in sub.messages { if case .event = m { got += 1 } }
                XCTFail("expected a timeout")
            } catch let error as RelayError {
                guard case let .timeout(name, what, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(name, relay.relayURL.string)
                XCTAssertTrue(what.hasPrefix("EOSE"), what)
            }
            XCTAssertEqual(got, 1, "the stored event still arrives")
        }
        await conn.close()
        await relay.stop()
    }

    func testQueryEndsAfterEOSEWithCloseOnEOSE() async throws {
        let notes = (0 ..< 5).map { TestEvents.note("n\($0)", at: 100 + Int64($0)) }
        let relay = try ScriptedRelay.start(events: notes)
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let sub = try await conn.subscribe([Filter(kinds: [.textNote], limit: 3)], closeOnEOSE: true)
            let (events, eose) = try await Self.collect(sub)
            XCTAssertEqual(events.map(\.createdAt), [104, 103, 102])
            XCTAssertEqual(eose, 1)
        }
        await conn.close()
        await relay.stop()
    }

    func testDropBeforeEOSEResumesWithoutLossOrDuplicates() async throws {
        let notes = (0 ..< 6).map { TestEvents.note("n\($0)", at: 100 + Int64($0)) }
        let relay = try ScriptedRelay.start(.init(dropAfterEvents: 3), events: notes)
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let sub = try await conn.subscribe([Filter(kinds: [.textNote])], closeOnEOSE: true)
            let (events, eose) = try await Self.collect(sub)
            XCTAssertEqual(events.count, 6, "every stored event once")
            XCTAssertEqual(Set(events.map(\.id)).count, 6)
            XCTAssertEqual(eose, 1)
        }
        XCTAssertEqual(relay.openCount, 2, "one reconnect")
        await conn.close()
        await relay.stop()
    }

    func testDropAfterEOSEResubscribesSinceNewestAndDeliversMissedEventsOnce() async throws {
        let notes = (0 ..< 3).map { TestEvents.note("n\($0)", at: 100 + Int64($0)) }
        let relay = try ScriptedRelay.start(events: notes)
        let conn = RelayConnection(url: relay.relayURL, options: options())
        let missed = TestEvents.note("while away", at: 105)
        let live = TestEvents.note("live", at: 106)
        let quick = options()
        try await within(10) {
                        let sub = try await conn.subscribe([Filter(kinds: [.textNote], limit: 10)])
            var it = sub.messages.makeAsyncIterator()
            var seen: [Event] = []
            while let m = try await it.next() {
                if case let .event(e) = m { seen.append(e) } else { break }
            }
            XCTAssertEqual(seen.count, 3)
            // Stored on the relay while the client is away, then the connection drops.
            relay.store(missed)
            relay.dropAll()
            guard case let .event(e)? = try await it.next() else { return XCTFail("expected the missed event") }
            XCTAssertEqual(e.id, missed.id)
            // Live events still flow on the new socket; nothing old comes twice.
            let other = RelayConnection(url: relay.relayURL, options: quick)
            _ = try await other.publish(live)
            guard case let .event(l)? = try await it.next() else { return XCTFail("expected the live event") }
            XCTAssertEqual(l.id, live.id)
            await other.close()
        }
        let resumed = relay.reqs.last?.1.first
        XCTAssertEqual(resumed?.since, 102, "resubscribed from the newest event seen")
        XCTAssertNil(resumed?.limit)
        await conn.close()
        await relay.stop()
    }

    func testAuthRequiredIsAnsweredWithNIP42AndRetried() async throws {
        let relay = try ScriptedRelay.start(.init(requireAuth: true), events: [TestEvents.note("secret", at: 7)])
        let conn = RelayConnection(url: relay.relayURL, options: options(signer: LocalSigner(TestEvents.alice)))
        try await within(10) {
            let result = try await conn.publish(TestEvents.note("hi", at: 8))
            XCTAssertEqual(result, .accepted(message: ""))
            let sub = try await conn.subscribe([Filter(kinds: [.textNote])], closeOnEOSE: true)
            let (events, _) = try await Self.collect(sub)
            XCTAssertEqual(events.count, 2)
        }
        let auths = relay.received.compactMap { if case let .auth(e) = $0 { e } else { nil } }
        XCTAssertEqual(auths.count, 1, "one AUTH per connection")
        XCTAssertEqual(auths.first?.kind, .clientAuth)
        XCTAssertEqual(auths.first?.firstTagValue("relay"), relay.relayURL.string)
        XCTAssertEqual(auths.first?.firstTagValue("challenge"), "challenge-1")
        await conn.close()
        await relay.stop()
    }

    func testAuthRequiredWithoutSignerIsReportedAsIs() async throws {
        let relay = try ScriptedRelay.start(.init(requireAuth: true))
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let result = try await conn.publish(TestEvents.note("hi", at: 8))
            XCTAssertEqual(result.prefix, "auth-required")
            let sub = try await conn.subscribe([Filter()])
            do {
                _ = try await Self.collect(sub)
                XCTFail("expected CLOSED")
            } catch let error as RelayError {
                guard case let .closed(_, _, message) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.hasPrefix("auth-required:"))
            }
        }
        await conn.close()
        await relay.stop()
    }

    func testMalformedMessagesAreLoggedAndTheConnectionKept() async throws {
        let relay = try ScriptedRelay.start(.init(garbageBeforeReq: "{not json"), events: [TestEvents.note("a", at: 1)])
        let log = LogLines()
        let conn = RelayConnection(url: relay.relayURL, options: options(log))
        try await within(10) {
            let sub = try await conn.subscribe([Filter()], closeOnEOSE: true)
            let (events, eose) = try await Self.collect(sub)
            XCTAssertEqual(events.count, 1)
            XCTAssertEqual(eose, 1)
            relay.sendToAll(#"["NOTICE","be nice"]"#)
            relay.sendToAll(#"["EVENT","x",{"id":"00"}]"#)
            let n = try await conn.count([Filter()])
            XCTAssertEqual(n, 1)
        }
        let lines = log.all
        XCTAssertTrue(lines.contains { $0.contains(relay.relayURL.string) && $0.contains("invalid message") && $0.contains("{not json") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0 == "NOTICE from \(relay.relayURL.string): be nice" }, "\(lines)")
        XCTAssertEqual(relay.openCount, 1, "the connection was kept")
        await conn.close()
        await relay.stop()
    }

    func testInvalidSignatureIsDroppedAndLogged() async throws {
        let good = TestEvents.note("good", at: 1)
        let forged = Event(id: good.id, pubkey: good.pubkey, createdAt: good.createdAt, kind: good.kind, tags: good.tags,
                           content: good.content, sig: [UInt8](repeating: 7, count: 64))
        let relay = try ScriptedRelay.start(events: [forged])
        let log = LogLines()
        let conn = RelayConnection(url: relay.relayURL, options: options(log))
        try await within(10) {
            let (events, eose) = try await Self.collect(try await conn.subscribe([Filter()], closeOnEOSE: true))
            XCTAssertEqual(events.count, 0)
            XCTAssertEqual(eose, 1)
        }
        XCTAssertTrue(log.all.contains { $0.contains("invalid event") }, "\(log.all)")
        await conn.close()
        await relay.stop()
    }

    func testCountAndCountTimeout() async throws {
        let relay = try ScriptedRelay.start(events: (0 ..< 4).map { TestEvents.note("n\($0)", at: Int64($0)) })
        let conn = RelayConnection(url: relay.relayURL, options: options())
        try await within(10) {
            let n = try await conn.count([Filter(kinds: [.textNote])])
            XCTAssertEqual(n, 4)
            relay.behaviour.withLock { $0.answerCount = false }
            do { _ = try await conn.count([Filter()]); XCTFail("expected timeout") } catch let error as RelayError {
                guard case .timeout = error else { return XCTFail("\(error)") }
            }
        }
        await conn.close()
        await relay.stop()
    }

    func testUnreachableAndConnectTimeout() async throws {
        // A listening socket that never accepts: TCP connects, the handshake is never answered.
        let silent = try RawServer()
        var o = options()
        o.connectTimeout = .milliseconds(300)
        let conn = RelayConnection(url: try RelayURL(silent.url), options: o)
        try await within(10) {
            do { try await conn.connect(); XCTFail("expected a timeout") } catch let error as RelayError {
                guard case let .connectTimeout(name, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(name, "ws://127.0.0.1:\(silent.port)")
                XCTAssertTrue(error.isUnreachable)
            }
        }
        let relay = try ScriptedRelay.start()
        let url = relay.relayURL
        await relay.stop()
        let closed = RelayConnection(url: url, options: o)
        try await within(10) {
            do { try await closed.connect(); XCTFail("expected unreachable") } catch let error as RelayError {
                guard case .unreachable = error else { return XCTFail("\(error)") }
            }
        }
    }
}
