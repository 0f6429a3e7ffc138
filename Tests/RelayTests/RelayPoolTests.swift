import NostrCore
@testable import Relay
import XCTest

/// `RelayPool` over several `ScriptedRelay`s on 127.0.0.1.
final class RelayPoolTests: XCTestCase {
    private func options() -> RelayOptions {
        var o = RelayOptions()
        o.publishTimeout = .milliseconds(400)
        o.eoseTimeout = .milliseconds(400)
        o.connectTimeout = .seconds(2)
        o.reconnect = Backoff(initial: .milliseconds(20), maximum: .milliseconds(100), maxAttempts: 5)
        return o
    }

    func testQueryDeduplicatesAcrossRelaysAndVerifiesEachIDOnce() async throws {
        let shared = (0 ..< 4).map { TestEvents.note("shared \($0)", at: 100 + Int64($0)) }
        let onlyA = TestEvents.note("only on A", at: 200)
        let a = try ScriptedRelay.start(events: shared + [onlyA])
        let b = try ScriptedRelay.start(events: shared)
        let store = try EventStore()
        let pool = RelayPool(options: options(), store: store)
        try await within(10) {
            let result = await pool.query([Filter(kinds: [.textNote])], on: [a.relayURL, b.relayURL, a.relayURL])
            XCTAssertEqual(result.events.count, 5)
            XCTAssertEqual(result.events.first?.id, onlyA.id, "newest first")
            XCTAssertTrue(result.failures.isEmpty)
        }
        XCTAssertLessThanOrEqual(pool.options.verifier?.signatureVerifications ?? 0, 5 + 1,
                                 "each id's signature verified once (at most one race)")
        XCTAssertEqual(try store.count([Filter()]), 5, "every new event is in the index")
        XCTAssertEqual(a.reqs.count, 1, "a relay named twice is asked once")
        await pool.close()
        await a.stop()
        await b.stop()
    }

    func testPublishReportsEveryRelayInOrder() async throws {
        let ok = try ScriptedRelay.start()
        let refusing = try ScriptedRelay.start(.init(rejectWith: "blocked: not here"))
        let gone = try ScriptedRelay.start()
        let goneURL = gone.relayURL
        await gone.stop()
        let pool = RelayPool(options: options())
        let note = TestEvents.note("hi", at: 5)
        try await within(10) {
            let outcomes = await pool.publish(note, to: [ok.relayURL, refusing.relayURL, goneURL])
            XCTAssertEqual(outcomes.map(\.relay), [ok.relayURL, refusing.relayURL, goneURL])
            XCTAssertEqual(outcomes[0].result, .success(.accepted(message: "")))
            XCTAssertEqual(outcomes[1].result, .success(.rejected(reason: "blocked: not here")))
            guard case let .failure(error) = outcomes[2].result else { return XCTFail("expected a failure") }
            XCTAssertTrue(error.isUnreachable, "\(error)")
        }
        await pool.close()
        await ok.stop()
        await refusing.stop()
    }

    func testSubscriptionReportsFailedRelaysAndKeepsTheOthers() async throws {
        let good = try ScriptedRelay.start(events: [TestEvents.note("a", at: 1)])
        let silent = try ScriptedRelay.start(.init(answerEOSE: false))
        let pool = RelayPool(options: options())
        try await within(10) {
            var events = 0
            var eose: [RelayURL] = []
            var failed: [RelayURL: RelayError] = [:]
            for await m in pool.subscribe([Filter()], on: [good.relayURL, silent.relayURL], closeOnEOSE: true).messages {
                switch m {
                case .event: events += 1
                case let .eose(r): eose.append(r)
                case let .failed(r, e): failed[r] = e
                }
            }
            XCTAssertEqual(events, 1)
            XCTAssertEqual(eose, [good.relayURL])
            guard case .timeout(silent.relayURL.string, _, _)? = failed[silent.relayURL] else { return XCTFail("\(failed)") }
        }
        await pool.close()
        await good.stop()
        await silent.stop()
    }

    func testStreamingSubscriptionGetsLiveEventsOnceFromTwoRelays() async throws {
        let a = try ScriptedRelay.start()
        let b = try ScriptedRelay.start()
        let pool = RelayPool(options: options())
        let live = TestEvents.note("live", at: 50)
        try await within(10) {
            let sub = pool.subscribe([Filter(kinds: [.textNote])], on: [a.relayURL, b.relayURL])
            var it = sub.messages.makeAsyncIterator()
            var eose = 0
            while eose < 2, let m = await it.next() { if case .eose = m { eose += 1 } }
            let outcomes = await pool.publish(live, to: [a.relayURL, b.relayURL])
            XCTAssertTrue(outcomes.allSatisfy(\.isSuccess))
            guard case let .event(e, _)? = await it.next() else { return XCTFail("expected the live event") }
            XCTAssertEqual(e.id, live.id)
            // The copy from the other relay is dropped; the next thing seen is the next event.
            let next = TestEvents.note("next", at: 51)
            _ = await pool.publish(next, to: [a.relayURL])
            guard case let .event(n, _)? = await it.next() else { return XCTFail("expected the next event") }
            XCTAssertEqual(n.id, next.id)
            sub.close()
        }
        await pool.close()
        await a.stop()
        await b.stop()
    }

    func testPaginateWalksUntilBackwards() async throws {
        // 12 events, three of them in the same second at a page boundary.
        let notes = (0 ..< 9).map { TestEvents.note("n\($0)", at: 1000 + Int64($0)) }
            + (0 ..< 3).map { TestEvents.note("same second \($0)", at: 1004) }
        let relay = try ScriptedRelay.start(events: notes)
        let pool = RelayPool(options: options())
        try await within(10) {
            var ids = Set<EventID>()
            var done = false
            for await m in pool.paginate(Filter(kinds: [.textNote], limit: 4), on: [relay.relayURL]).messages {
                switch m {
                case let .event(e, _): XCTAssertTrue(ids.insert(e.id).inserted, "no duplicates")
                case .eose: done = true
                case let .failed(_, e): XCTFail("\(e)")
                }
            }
            XCTAssertTrue(done)
            XCTAssertEqual(ids, Set(notes.map(\.id)))
        }
        let untils = relay.reqs.map { $0.1.first?.until }
        XCTAssertNil(untils.first ?? nil)
        XCTAssertGreaterThan(untils.count, 3)
        await pool.close()
        await relay.stop()
    }

    func testCountFromEveryRelay() async throws {
        let a = try ScriptedRelay.start(events: [TestEvents.note("a", at: 1), TestEvents.note("b", at: 2)])
        let b = try ScriptedRelay.start(.init(answerCount: false))
        var o = options()
        o.countTimeout = .milliseconds(300)
        let pool = RelayPool(options: o)
        try await within(10) {
            let counts = await pool.count([Filter()], on: [a.relayURL, b.relayURL])
            XCTAssertEqual(try counts[0].result.get(), 2)
            guard case .failure(.timeout) = counts[1].result else { return XCTFail("\(counts[1].result)") }
        }
        await pool.close()
        await a.stop()
        await b.stop()
    }
}
