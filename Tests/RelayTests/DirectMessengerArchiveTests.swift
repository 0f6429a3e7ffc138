import NostrCore
import Relay
import XCTest

/// The opened-message table behind `dm list`: grouping, order, dedupe, opened wraps, fetch markers.
final class DirectMessengerArchiveTests: XCTestCase {
    let alice = SecretKey.generate(), bob = SecretKey.generate(), carol = SecretKey.generate()

    private func message(_ from: SecretKey, _ to: [SecretKey], _ text: String, at: Int64, subject: String? = nil) -> DirectMessage {
        let rumor = NIP17.chatMessage(from: from.publicKey, to: to.map(\.publicKey), content: text, subject: subject, createdAt: at)
        return DirectMessage(rumor: rumor, id: rumor.id)
    }

    func testGroupsByConversationNewestFirstAndFiltersWith() throws {
        let archive = try DMArchive(store: EventStore())
        let me = alice.publicKey
        let m1 = message(alice, [bob], "hi bob", at: 100)
        let m2 = message(bob, [alice], "hi alice", at: 200)
        let g1 = message(carol, [alice, bob], "group hello", at: 150, subject: "plans")
        let g2 = message(alice, [bob, carol], "group reply", at: 160)
        XCTAssertEqual(try archive.add([m1, m2, g1, g2], owner: me), 4)
        XCTAssertEqual(try archive.add([m1], owner: me), 0, "a rumor seen through a second wrap is stored once")

        let all = try archive.messages(owner: me)
        XCTAssertEqual(all.map(\.content), ["hi alice", "hi bob", "group reply", "group hello"])
        XCTAssertEqual(g1.conversation, g2.conversation)
        XCTAssertEqual(try archive.messages(owner: me, with: [carol.publicKey]).map(\.content), ["group reply", "group hello"])
        XCTAssertEqual(try archive.messages(owner: bob.publicKey), [], "another owner's inbox is separate")

        let line = g1.jsonLine
        XCTAssertTrue(line.hasPrefix(#"{"id":"\#(g1.id.hex)","conversation":"\#(g1.conversation)","from":"\#(carol.publicKey.hex)""#), line)
        XCTAssertTrue(line.contains(#""created_at":150,"subject":"plans","content":"group hello"}"#), line)
        XCTAssertFalse(m1.jsonLine.contains("subject"))
    }

    func testOpenedWrapsAndFetchMarkers() throws {
        let archive = try DMArchive(store: EventStore())
        let w1 = try EventID(bytes: [UInt8](repeating: 1, count: 32)), w2 = try EventID(bytes: [UInt8](repeating: 2, count: 32))
        try archive.add([], openedWraps: [w1], owner: alice.publicKey)
        XCTAssertEqual(try archive.opened([w1, w2], owner: alice.publicKey), [w1])
        XCTAssertEqual(try archive.opened([w1], owner: bob.publicKey), [])

        XCTAssertNil(try archive.since(owner: alice.publicKey, relay: "ws://127.0.0.1:1"))
        try archive.setFetched(owner: alice.publicKey, relay: "ws://127.0.0.1:1", at: 1_000_000)
        XCTAssertEqual(try archive.since(owner: alice.publicKey, relay: "ws://127.0.0.1:1"), 1_000_000 - 2 * 86_400)
        XCTAssertNil(try archive.since(owner: alice.publicKey, relay: "ws://127.0.0.1:2"))
    }
}
