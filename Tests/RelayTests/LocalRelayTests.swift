import XCTest
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NostrCore
@testable import Relay

/// `LocalRelay` on 127.0.0.1 (port 0), spoken to with the transport's WebSocket client.
final class LocalRelayTests: XCTestCase {
    private func start(auth: Bool = false, limits: LocalRelayLimits = LocalRelayLimits()) throws -> LocalRelay {
        var c = LocalRelay.Configuration()
        c.requiresAuth = auth
        c.limits = limits
        return try LocalRelay(storage: try TestStorage.make(), configuration: c)
    }

    func testPublishSubscribeAndLiveFanOut() async throws {
        let relay = try start()
        let url = relay.url
        try await within(10) {
            let alice = try await TestClient(url), bob = try await TestClient(url)
            let first = try Fixture.event(content: "first")
            let ok = try await alice.publish(first)
            XCTAssertTrue(ok.0, ok.1)
            let dup = try await alice.publish(first)
            XCTAssertEqual(dup.0, true)
            XCTAssertTrue(dup.1.hasPrefix("duplicate:"), dup.1)
            let forged = try await alice.publish(Fixture.forged(try Fixture.event(content: "forged")))
            XCTAssertFalse(forged.0)
            XCTAssertTrue(forged.1.hasPrefix("invalid:"), forged.1)

            let stored = try await bob.subscribe("feed", [Filter(kinds: [1])]).get()
            XCTAssertEqual(stored.map(\.id), [first.id])
            let second = try Fixture.event(Fixture.bob, content: "second")
            _ = try await alice.publish(second)
            let live = try await bob.next()
            XCTAssertEqual(live, .event(subscriptionID: "feed", event: second))
            // The raw JSON reached the client unchanged and verifies.
            if case let .event(_, e) = live { XCTAssertNoThrow(try e.verify()) }

            try await bob.send(.close(subscriptionID: "feed"))
            try await bob.send(raw: "this is not json")
            guard case .notice = try await bob.next() else { return XCTFail("expected NOTICE") }
            // CLOSE took effect (nothing from `third` arrives before the COUNT answer) and the connection still works.
            _ = try await alice.publish(try Fixture.event(content: "third"))
            try await bob.send(.count(subscriptionID: "n", filters: [Filter(kinds: [1])]))
            let count = try await bob.next()
            XCTAssertEqual(count, .count(subscriptionID: "n", count: 3))
            await alice.close()
            await bob.close()
        }
        await relay.shutdown()
    }

    func testAuthOverTheWire() async throws {
        let relay = try start(auth: true)
        let url = relay.url
        try await within(10) {
            let client = try await TestClient(url)
            guard case let .auth(challenge) = try await client.next() else { return XCTFail("expected AUTH first") }
            let refused = try await client.subscribe("s", [Filter()])
            guard case let .failure(closed) = refused else { return XCTFail("REQ before AUTH must be CLOSED") }
            XCTAssertTrue(closed.reason.hasPrefix("auth-required:"), closed.reason)

            let wrong = try Fixture.auth(challenge: "nope", relay: url, at: Int64(time(nil)))
            try await client.send(.auth(wrong))
            guard case .ok(wrong.id, false, _) = try await client.next() else { return XCTFail("wrong challenge accepted") }

            let answer = try Fixture.auth(challenge: challenge, relay: url + "/", at: Int64(time(nil)))
            try await client.send(.auth(answer))
            let ok = try await client.next()
            XCTAssertEqual(ok, .ok(eventID: answer.id, accepted: true, message: ""))
            let published = try await client.publish(try Fixture.event())
            XCTAssertTrue(published.0, published.1)
            let events = try await client.subscribe("s", [Filter()]).get()
            XCTAssertEqual(events.count, 1, "the AUTH event is neither stored nor broadcast")
            await client.close()
        }
        await relay.shutdown()
    }

    func testTooManySubscriptionsIsClosed() async throws {
        var limits = LocalRelayLimits()
        limits.maxSubscriptions = 3
        let relay = try start(limits: limits)
        let url = relay.url
        try await within(10) {
            let client = try await TestClient(url)
            for i in 0 ..< 3 { _ = try await client.subscribe("s\(i)", [Filter()]).get() }
            let fourth = try await client.subscribe("s3", [Filter()])
            guard case let .failure(closed) = fourth else { return XCTFail("fourth subscription accepted") }
            XCTAssertTrue(closed.reason.hasPrefix("error: too many open subscriptions"), closed.reason)
            await client.close()
        }
        await relay.shutdown()
    }

    func testNIP11DocumentWithCORS() async throws {
        let relay = try start(auth: true)
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(relay.port)/")))
        request.setValue("application/nostr+json", forHTTPHeaderField: "Accept")
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        XCTAssertEqual(http.statusCode, 200)
        XCTAssertEqual(http.value(forHTTPHeaderField: "Content-Type"), "application/nostr+json")
        XCTAssertEqual(http.value(forHTTPHeaderField: "Access-Control-Allow-Origin"), "*")
        XCTAssertNotNil(http.value(forHTTPHeaderField: "Access-Control-Allow-Headers"))
        XCTAssertNotNil(http.value(forHTTPHeaderField: "Access-Control-Allow-Methods"))
        let doc = RelayInformation(json: try JSONValue.parse(Array(body)))
        XCTAssertEqual(doc.supportedNIPs, [1, 9, 11, 40, 42, 45])
        XCTAssertNotNil(doc.name)
        // NIP-11: `software` must be a project URL when present; this build names itself in `version`.
        XCTAssertNil(doc.software)
        XCTAssertEqual(doc.version?.hasPrefix("nak-swift "), true)
        XCTAssertEqual(doc.limitation?.maxSubscriptions, 20)
        XCTAssertEqual(doc.limitation?.maxFilters, 10)
        XCTAssertEqual(doc.limitation?.maxLimit, 5000)
        XCTAssertEqual(doc.limitation?.maxMessageLength, 1 << 20)
        XCTAssertEqual(doc.limitation?.authRequired, true)
        await relay.shutdown()
    }

    /// A client that subscribes and never reads is disconnected once its outbound queue is full, instead of the
    /// relay buffering for it without bound.
    func testSlowReaderIsDisconnected() async throws {
        var limits = LocalRelayLimits()
        limits.maxOutboundBytes = 256 * 1024
        let relay = try start(limits: limits)
        let url = relay.url
        let slow = try StalledClient(port: relay.port, messages: [.req(subscriptionID: "all", filters: [Filter()])])
        try await within(30) {
            let publisher = try await TestClient(url)
            // The subscription is open once a second one sees its own REQ answered after it.
            _ = try await publisher.subscribe("sync", [Filter(limit: 0)]).get()
            let blob = String(repeating: "x", count: 60_000)
            // ~15 MB: more than the socket buffers plus the 256 KiB queue.
            for i in 0 ..< 250 { _ = try await publisher.publish(try Fixture.event(content: "\(i) \(blob)")) }
            await publisher.close()
        }
        XCTAssertTrue(slow.drainToEnd(), "the relay kept a connection that does not read")
        await relay.shutdown()
    }

    func testTwoHundredClientsPublishAndReceive() async throws {
        let relay = try start()
        let url = relay.url
        let clients = 200
        try await within(60) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0 ..< clients {
                    group.addTask {
                        let key = Fixture.key(UInt8(i % 200 + 1))
                        let c = try await TestClient(url)
                        // Each client follows its own key and hears its own note come back live.
                        _ = try await c.subscribe("me", [Filter(authors: [key.publicKey], kinds: [1])]).get()
                        let note = try Fixture.event(key, content: "client \(i)")
                        try await c.send(.event(note))
                        var gotOK = false, gotEvent = false
                        while !(gotOK && gotEvent) {
                            switch try await c.next() {
                            case let .ok(id, accepted, message) where id == note.id:
                                XCTAssertTrue(accepted, message)
                                gotOK = true
                            case let .event("me", e) where e.id == note.id: gotEvent = true
                            default: continue
                            }
                        }
                        await c.close()
                    }
                }
                try await group.waitForAll()
            }
        }
        await relay.shutdown()
    }
}
