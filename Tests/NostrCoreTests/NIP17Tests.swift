import XCTest
@testable import NostrCore

final class NIP17Tests: XCTestCase {
    let alice = SecretKey.generate().publicKey
    let bob = SecretKey.generate().publicKey
    let carol = SecretKey.generate().publicKey

    func testChatMessageTagsFollowTheSpecOrder() throws {
        let parent = try EventID(hex: String(repeating: "ab", count: 32))
        let m = NIP17.chatMessage(from: alice, to: [bob, carol, bob], content: "hi", subject: "plans",
                                  replyTo: parent, relayHint: "wss://r.example", createdAt: 1_700_000_000)
        XCTAssertEqual(m.kind, .chatMessage)
        XCTAssertEqual(m.pubkey, alice)
        XCTAssertEqual(m.createdAt, 1_700_000_000)
        XCTAssertEqual(m.content, "hi")
        XCTAssertEqual(m.tags, [["p", bob.hex], ["p", carol.hex], ["e", parent.hex, "wss://r.example"], ["subject", "plans"]])
    }

    func testChatMessageWithoutOptions() {
        let m = NIP17.chatMessage(from: alice, to: [bob], content: "yo")
        XCTAssertEqual(m.tags, [["p", bob.hex]])
        XCTAssertLessThanOrEqual(abs(m.createdAt - NIP17.now()), 5)
    }

    func testFileMessageCarriesEveryFileTag() throws {
        var file = NIP17.EncryptedFile(url: "https://files.example/abc", mimeType: "image/jpeg", decryptionKey: "k",
                                       decryptionNonce: "n", sha256: "x1", originalSHA256: "o1", size: 1234,
                                       dimensions: .init(width: 640, height: 480), blurhash: "LKO2")
        file.thumb = "https://files.example/thumb"
        file.fallbacks = ["https://mirror.example/abc"]
        let parent = try EventID(hex: String(repeating: "cd", count: 32))
        let m = NIP17.fileMessage(from: alice, to: [bob], file: file, replyTo: parent, createdAt: 5)
        XCTAssertEqual(m.kind, .fileMessage)
        XCTAssertEqual(m.content, "https://files.example/abc")
        XCTAssertEqual(m.tags, [
            ["p", bob.hex], ["e", parent.hex, "", "reply"],
            ["file-type", "image/jpeg"], ["encryption-algorithm", "aes-gcm"], ["decryption-key", "k"],
            ["decryption-nonce", "n"], ["x", "x1"], ["ox", "o1"], ["size", "1234"], ["dim", "640x480"],
            ["blurhash", "LKO2"], ["thumb", "https://files.example/thumb"], ["fallback", "https://mirror.example/abc"],
        ])
    }

    func testDMRelayListRoundTrip() {
        let list = NIP17.dmRelayList(relays: ["wss://a.example", "wss://b.example", "wss://a.example", ""], pubkey: alice, createdAt: 9)
        XCTAssertEqual(list.kind, .dmRelayList)
        XCTAssertEqual(list.tags, [["relay", "wss://a.example"], ["relay", "wss://b.example"]])
        let signed = Event(id: EventID(unchecked: [UInt8](repeating: 0, count: 32)), pubkey: alice, createdAt: 9,
                           kind: list.kind, tags: list.tags + [["r", "wss://other.example"]], content: "", sig: [])
        XCTAssertEqual(NIP17.relays(fromDMRelayList: signed), ["wss://a.example", "wss://b.example"])
        let wrongKind = Event(id: signed.id, pubkey: alice, createdAt: 9, kind: .relayList, tags: list.tags, content: "", sig: [])
        XCTAssertEqual(NIP17.relays(fromDMRelayList: wrongKind), [])
    }

    func testConversationIDIsTheSameFromEverySide() {
        let fromAlice = NIP17.chatMessage(from: alice, to: [bob, carol], content: "a")
        let fromCarol = NIP17.chatMessage(from: carol, to: [bob, alice], content: "c")
        let fromBob = NIP17.chatMessage(from: bob, to: [carol, alice, carol], content: "b")
        XCTAssertEqual(NIP17.conversationID(of: fromAlice), NIP17.conversationID(of: fromCarol))
        XCTAssertEqual(NIP17.conversationID(of: fromAlice), NIP17.conversationID(of: fromBob))
        XCTAssertEqual(NIP17.conversationID(of: fromAlice).split(separator: ",").count, 3)
        let pair = NIP17.chatMessage(from: alice, to: [bob], content: "only us")
        XCTAssertNotEqual(NIP17.conversationID(of: pair), NIP17.conversationID(of: fromAlice),
                          "adding a participant makes a new room (NIP-17 Chat Rooms)")
    }

    func testRecipientsSkipInvalidPTags() {
        var m = NIP17.chatMessage(from: alice, to: [bob], content: "x")
        m.tags.append(["p", "not-a-key"])
        m.tags.append(["p", bob.hex.uppercased()])
        XCTAssertEqual(NIP17.recipients(of: m), [bob])
    }

    func testSubjectIsTheNewest() {
        let a = NIP17.chatMessage(from: alice, to: [bob], content: "1", subject: "old", createdAt: 1)
        let b = NIP17.chatMessage(from: bob, to: [alice], content: "2", subject: "new", createdAt: 3)
        let c = NIP17.chatMessage(from: alice, to: [bob], content: "3", createdAt: 4)
        XCTAssertEqual(NIP17.subject(of: [b, c, a]), "new")
        XCTAssertNil(NIP17.subject(of: [c]))
    }
}
