import NostrCore
import Relay
import XCTest

/// `DirectMessenger` through a real `LocalRelay` on 127.0.0.1: kind-10050 routing, the sender's copy,
/// a group message listed in one conversation by every participant, and incremental fetches.
final class DirectMessengerTests: XCTestCase {
    let alice = SecretKey.generate(), bob = SecretKey.generate(), carol = SecretKey.generate()

    private func messenger(_ key: SecretKey) throws -> DirectMessenger {
        var options = RelayOptions()
        options.connectTimeout = .seconds(5)
        return try DirectMessenger(signer: LocalSigner(key), pool: RelayPool(options: options), store: EventStore())
    }

    func testGroupMessageRoundTripThroughInboxRelays() async throws {
        let inbox = try LocalRelay(storage: try EventStore())
        let other = try LocalRelay(storage: try EventStore())
        defer { Task { await inbox.shutdown(); await other.shutdown() } }
        let inboxURL = try RelayURL(inbox.url), otherURL = try RelayURL(other.url)

        let a = try messenger(alice), b = try messenger(bob), c = try messenger(carol)
        // Bob and Carol read DMs on `inbox` and announce it on `other`, where Alice looks lists up.
        for m in [b, c] {
            let (_, outcomes) = try await m.publishInboxRelays([inboxURL], to: [otherURL])
            XCTAssertTrue(outcomes.allSatisfy(\.isSuccess), "\(outcomes)")
        }

        let sent = try await a.send("dinner at 8?", to: [bob.publicKey, carol.publicKey], subject: "weekend",
                                    relays: [otherURL])
        XCTAssertEqual(sent.deliveries.map(\.recipient), [bob.publicKey, carol.publicKey, alice.publicKey])
        XCTAssertEqual(sent.deliveries[0].outcomes.map(\.relay), [inboxURL], "a wrap goes to its recipient's 10050 relays")
        XCTAssertEqual(sent.deliveries[2].outcomes.map(\.relay), [otherURL], "no list of her own: the given relays")
        XCTAssertTrue(sent.deliveries.allSatisfy(\.delivered))

        for (m, key) in [(b, bob), (c, carol)] {
            let report = try await m.fetch(from: [inboxURL])
            XCTAssertEqual(report.received, 1, "the relay holds one wrap per recipient; the filter asks for ours")
            XCTAssertEqual(report.newMessages, 1)
            XCTAssertEqual(report.unopenable.count, 0)
            let list = try await m.messages()
            XCTAssertEqual(list.map(\.content), ["dinner at 8?"], "\(key.publicKey)")
            XCTAssertEqual(list.first?.conversation, sent.message.conversation)
            XCTAssertEqual(list.first?.from, alice.publicKey)
            XCTAssertEqual(list.first?.subject, "weekend")
        }
        // The sender lists her own message from the archive, and her copy on the relay opens to the same rumor.
        let aliceList = try await a.messages()
        XCTAssertEqual(aliceList.map(\.id), [sent.message.id])
        let mine = try await a.fetch(from: [otherURL])
        XCTAssertEqual(mine.received, 1)
        XCTAssertEqual(mine.alreadyOpened, 1, "the copy sent to herself is not decrypted again")

        // A second fetch asks only since the last one (minus two days) and opens nothing again.
        let again = try await b.fetch(from: [inboxURL])
        XCTAssertEqual(again.newMessages, 0)
        XCTAssertEqual(again.alreadyOpened, again.received)

        await a.pool.close(); await b.pool.close(); await c.pool.close()
    }

    func testARecipientWithoutAListIsNamedUnlessRelaysAreGiven() async throws {
        let relay = try LocalRelay(storage: try EventStore())
        defer { Task { await relay.shutdown() } }
        let url = try RelayURL(relay.url)
        let a = try messenger(alice)
        do {
            _ = try await a.send("hi", to: [bob.publicKey])
            XCTFail("sent without knowing where")
        } catch let DMError.noInboxRelays(keys) {
            XCTAssertEqual(keys, [bob.publicKey])
            XCTAssertTrue("\(DMError.noInboxRelays(keys))".contains(bob.publicKey.hex))
        }
        let sent = try await a.send("hi", to: [bob.publicKey], relays: [url])
        XCTAssertEqual(sent.deliveries[0].outcomes.map(\.relay), [url])
        let b = try messenger(bob)
        _ = try await b.fetch(from: [url])
        let withAlice = try await b.messages(with: [alice.publicKey]), withCarol = try await b.messages(with: [carol.publicKey])
        XCTAssertEqual(withAlice.map(\.content), ["hi"])
        XCTAssertEqual(withCarol, [])
        await a.pool.close(); await b.pool.close()
    }

    func testAnUnreachableRelayIsReported() async throws {
        let a = try messenger(alice)
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        do {
            _ = try await a.fetch(from: [try RelayURL("ws://127.0.0.1:1")])
            XCTFail("fetched from nowhere")
        } catch let DMError.unreachable(errors) {
            XCTAssertEqual(errors.count, 1)
        }
        await a.pool.close()
    }
}
