import NostrCore
@testable import Relay
import XCTest

// `Relay.Outbox`: the RelayTests target has a test helper of the same name.
/// The outbox model over three `ScriptedRelay`s: an indexer holding relay lists, Alice's write relay and Bob's read relay.
final class OutboxTests: XCTestCase {
    private func relayList(_ key: SecretKey, _ entries: [RelayList.Entry], at: Int64 = 10) -> Event {
        try! RelayList(entries).unsignedEvent(pubkey: key.publicKey, createdAt: at).sign(with: key)
    }

    func testReadsFromWriteRelaysAndDeliversMentionsToReadRelays() async throws {
        let aliceWrites = try ScriptedRelay.start(events: [TestEvents.note("alice's note", at: 100)])
        let bobReads = try ScriptedRelay.start()
        let elsewhere = try ScriptedRelay.start(events: [TestEvents.note("alice elsewhere", at: 101)])
        let indexer = try ScriptedRelay.start(events: [
            relayList(TestEvents.alice, [.init(url: aliceWrites.url, usage: .write), .init(url: elsewhere.url, usage: .read)], at: 5),
            relayList(TestEvents.alice, [.init(url: aliceWrites.url, usage: .write)], at: 10),
            relayList(TestEvents.bob, [.init(url: bobReads.url, usage: .read), .init(url: elsewhere.url, usage: .write)]),
        ])
        let store = try EventStore()
        var o = RelayOptions()
        o.publishTimeout = .seconds(2)
        let pool = RelayPool(options: o, store: store)
        let outbox = Relay.Outbox(pool: pool, indexers: [indexer.relayURL])
        try await within(10) {
            let notes = await outbox.query(Filter(authors: [TestEvents.alice.publicKey], kinds: [.textNote]))
            XCTAssertEqual(notes.events.map(\.content), ["alice's note"], "only Alice's (newest) write relay is asked")

            let mention = TestEvents.note("hi bob", at: 200, tags: [["p", TestEvents.bob.publicKey.hex]])
            let targets = await outbox.publishTargets(for: mention)
            XCTAssertEqual(Set(targets), [aliceWrites.relayURL, bobReads.relayURL])
            let outcomes = await outbox.publish(mention)
            XCTAssertTrue(outcomes.allSatisfy(\.isSuccess))
        }
        XCTAssertTrue(bobReads.events.contains { $0.content == "hi bob" })
        XCTAssertTrue(aliceWrites.events.contains { $0.content == "hi bob" })
        XCTAssertTrue(elsewhere.received.isEmpty, "no traffic to relays Alice does not write to")
        XCTAssertEqual(indexer.reqs.count, 2, "relay lists fetched once per user set, then cached")
        XCTAssertNotNil(try store.latestReplaceable(kind: .relayList, author: TestEvents.alice.publicKey), "relay lists stored in the index")
        await pool.close()
        for r in [aliceWrites, bobReads, elsewhere, indexer] { await r.stop() }
    }

    func testUsersWithoutAListFallBack() async throws {
        let fallback = try ScriptedRelay.start(events: [TestEvents.note("bob", at: 1, by: TestEvents.bob)])
        let indexer = try ScriptedRelay.start()
        let pool = RelayPool()
        let outbox = Relay.Outbox(pool: pool, indexers: [indexer.relayURL])
        try await within(10) {
            let routes = await outbox.route(Filter(authors: [TestEvents.bob.publicKey]), fallback: [fallback.relayURL])
            XCTAssertEqual(Array(routes.keys), [fallback.relayURL])
            let result = await outbox.query(Filter(authors: [TestEvents.bob.publicKey]), fallback: [fallback.relayURL])
            XCTAssertEqual(result.events.count, 1)
        }
        await pool.close()
        await fallback.stop()
        await indexer.stop()
    }
}
