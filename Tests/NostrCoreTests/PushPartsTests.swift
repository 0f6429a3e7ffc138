@testable import NostrCore
import XCTest

/// The enricher's building blocks: payload detection, NIP-10 threads, the dedupe window, text shaping.
final class PushPartsTests: XCTestCase {
    private let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64), c = String(repeating: "c", count: 64)

    func testPayloadDetection() throws {
        let event = #"{"id":"x","kind":1}"#
        let rows: [(String, String, PushPayload)] = [
            ("apns object", #"{"aps":{"alert":{"body":"[{"}},"nostr_event": \#(event) }"#, .apns(event: Array(event.utf8))),
            ("apns string", #"{"nostr_event":"{\"id\":\"x\",\"kind\":1}","aps":{}}"#, .apns(event: Array(event.utf8))),
            ("fcm", #"{"encryptedEvent":\#(event)}"#, .fcm(wrap: Array(event.utf8))),
            ("bare", " \(event)\n", .event(Array(event.utf8))),
        ]
        for (name, text, expected) in rows {
            XCTAssertEqual(try PushPayload.detect(Array(text.utf8)), expected, name)
        }
        XCTAssertThrowsError(try PushPayload.detect(Array(#"{"aps":{}}"#.utf8)))
        XCTAssertThrowsError(try PushPayload.detect(Array(#"{"nostr_event":{}} x"#.utf8)))
    }

    func testThreadIDMarkedPositionalAndMentions() throws {
        let rows: [(String, [Tag], root: String?, parent: String?)] = [
            ("none", [["p", a]], nil, nil),
            ("marked root only", [["e", a, "", "root"]], a, a),
            ("marked root and reply", [["e", b, "", "reply"], ["e", a, "wss://r", "root"]], a, b),
            ("marked mention ignored", [["e", a, "", "root"], ["e", c, "", "mention"]], a, a),
            ("positional one", [["e", a]], a, a),
            ("positional three", [["e", a], ["e", c], ["e", b]], a, b),
            ("mention only", [["e", a, "", "mention"]], nil, nil),
            ("bad id skipped", [["e", "zz"], ["e", a]], a, a),
        ]
        for (name, tags, root, parent) in rows {
            let t = ThreadID(tags: tags)
            XCTAssertEqual(t.root?.hex, root, name)
            XCTAssertEqual(t.parent?.hex, parent, name)
        }
        let author = SecretKey.generate().publicKey.hex
        let withAuthor = ThreadID(tags: [["e", a, "", "reply", author]])
        XCTAssertEqual(withAuthor.parentAuthor?.hex, author)
        XCTAssertEqual(withAuthor.rootAuthor?.hex, author)
    }

    func testDedupeWindowForgetsTheOldest() throws {
        var w = DedupeWindow(capacity: 3)
        let ids = try (0..<5).map { i in try EventID(bytes: [UInt8](repeating: UInt8(i), count: 32)) }
        XCTAssertTrue(w.insert(ids[0]))
        XCTAssertFalse(w.insert(ids[0]))
        for id in ids[1...3] { XCTAssertTrue(w.insert(id)) }
        XCTAssertEqual(w.count, 3)
        XCTAssertFalse(w.contains(ids[0]), "evicted")
        XCTAssertTrue(w.insert(ids[0]), "seen again after eviction")
        XCTAssertFalse(w.contains(ids[1]))
        XCTAssertTrue(w.contains(ids[3]))
    }

    func testThousandIDWindow() throws {
        var w = DedupeWindow()
        let ids = (0..<1001).map { _ in EventID(unchecked: SecureRandom.bytes(32)) }
        for id in ids { XCTAssertTrue(w.insert(id)) }
        XCTAssertFalse(w.contains(ids[0]))
        XCTAssertFalse(w.insert(ids[1]))
    }

    func testTruncateAndEmoji() {
        XCTAssertEqual(PushText.truncate("hello", to: 5), "hello")
        XCTAssertEqual(PushText.truncate("hello!", to: 5), "hell…")
        XCTAssertEqual(PushText.truncate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", to: 2), "👨‍👩‍👧‍👦…", "counts characters, never splits one")
        XCTAssertEqual(PushText.truncate("héllo", to: 5), "héllo", "5 characters in 6 bytes are not cut")
        XCTAssertEqual(PushText.trimSpaces(" \t Zoë 👋\t "), "Zoë 👋")
        XCTAssertEqual(PushText.trimSpaces("Bob"), "Bob")
        XCTAssertEqual(PushText.trimSpaces(" \t "), "")
        XCTAssertEqual(PushProfile.cleanName("  Bob\tSmith "), "Bob Smith", "a tab is a control character")
        XCTAssertEqual(PushProfile.cleanName("Al\u{7}ice\u{2028}"), "Al ice")
        XCTAssertNil(PushProfile.cleanName("   "))
        XCTAssertEqual(PushText.reactionEmoji(" + "), "❤️")
        XCTAssertEqual(PushText.reactionEmoji(String(repeating: "x", count: 40)).count, 16)
    }

    func testMentionsKeepOtherURIs() {
        let key = SecretKey.generate().publicKey
        let note = "nostr:note1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"
        let text = "\(note) by nostr:\(key.npub). and nostr:npub1broken"
        XCTAssertEqual(PushText.renderMentions(text) { _ in "X" }, "\(note) by @X. and nostr:npub1broken")
        XCTAssertTrue(PushEnricher.mentions(key, in: text))
        XCTAssertFalse(PushEnricher.mentions(SecretKey.generate().publicKey, in: text))
    }

    func testProfileNamesAndPictures() throws {
        let k = SecretKey.generate()
        func profile(_ json: String) throws -> PushProfile {
            PushProfile(metadata: try UnsignedEvent(pubkey: k.publicKey, createdAt: 1, kind: .metadata, content: json).sign(with: k))
        }
        XCTAssertEqual(try profile(#"{"display_name":"  ","name":"n"}"#).name, "n", "a blank display name falls through")
        XCTAssertEqual(try profile(#"{"displayName":"D"}"#).name, "D")
        XCTAssertNil(try profile("not json").name)
        XCTAssertEqual(try profile(#"{"name":"\#(String(repeating: "z", count: 100))"}"#).name?.count, 64)
        XCTAssertEqual(try profile(#"{"picture":"HTTPS://x/y.png"}"#).picture, "HTTPS://x/y.png")
        XCTAssertNil(try profile(#"{"picture":"data:image/png;base64,AAA"}"#).picture)
    }
}
