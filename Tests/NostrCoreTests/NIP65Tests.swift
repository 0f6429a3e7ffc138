import XCTest
import NostrCore

final class NIP65Tests: XCTestCase {
    let alice = PublicKey(unchecked: [UInt8](repeating: 7, count: 32))

    func testSpecExample() {
        let list = RelayList(tags: [
            ["r", "wss://alicerelay.example.com"], ["r", "wss://brando-relay.com"],
            ["r", "wss://expensive-relay.example2.com", "write"], ["r", "wss://nostr-relay.example.com", "read"],
            ["r", "wss://weird.example.com", "sometimes"], ["r"], ["p", "wss://not-a-relay.example.com"],
        ])
        XCTAssertEqual(list.readRelays, ["wss://alicerelay.example.com", "wss://brando-relay.com", "wss://nostr-relay.example.com"])
        XCTAssertEqual(list.writeRelays, ["wss://alicerelay.example.com", "wss://brando-relay.com", "wss://expensive-relay.example2.com"])
    }

    func testBuilderRoundTrip() {
        let list = RelayList([.init(url: "wss://a.com"), .init(url: "wss://b.com", usage: .read),
                              .init(url: "wss://c.com", usage: .write), .init(url: "wss://a.com", usage: .read)])
        XCTAssertEqual(list.entries.count, 3)
        let unsigned = list.unsignedEvent(pubkey: alice, createdAt: 1_700_000_000)
        XCTAssertEqual(unsigned.kind, .relayList)
        XCTAssertEqual(unsigned.tags, [["r", "wss://a.com"], ["r", "wss://b.com", "read"], ["r", "wss://c.com", "write"]])
        XCTAssertEqual(RelayList(tags: unsigned.tags), list)
    }

    func testOtherKindsGiveEmptyList() throws {
        let e = Event(id: try EventID(bytes: [UInt8](repeating: 0, count: 32)), pubkey: alice, createdAt: 1, kind: .textNote,
                      tags: [["r", "wss://a.com"]], content: "", sig: [UInt8](repeating: 0, count: 64))
        XCTAssertTrue(RelayList(event: e).entries.isEmpty)
    }
}
