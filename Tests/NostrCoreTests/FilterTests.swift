import XCTest
import NostrCore

final class FilterTests: XCTestCase {
    let key = try! SecretKey(hex: "0000000000000000000000000000000000000000000000000000000000000002")

    private func event(kind: Kind = 1, at t: Int64 = 1000, tags: [Tag] = [], content: String = "Hello Nostr") throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: t, kind: kind, tags: tags, content: content).sign(with: key)
    }

    func testJSONRoundTrip() throws {
        let id = String(repeating: "ab", count: 32), pk = key.publicKey.hex
        let text = ##"{"#e":["\##(id)"],"#t":["nostr","swift"],"authors":["\##(pk)"],"ids":["\##(id)"],"kinds":[1,30023],"limit":10,"search":"gm","since":5,"until":9}"##
        let f = try Filter(json: text)
        XCTAssertEqual(f.ids?.map(\.hex), [id])
        XCTAssertEqual(f.authors, [key.publicKey])
        XCTAssertEqual(f.kinds, [1, 30023])
        XCTAssertEqual(f.tags, ["e": [id], "t": ["nostr", "swift"]])
        XCTAssertEqual(f.since, 5)
        XCTAssertEqual(f.until, 9)
        XCTAssertEqual(f.limit, 10)
        XCTAssertEqual(f.search, "gm")
        XCTAssertEqual(f.json, text)
        XCTAssertEqual(try Filter(json: f.json), f)
        XCTAssertEqual(Filter().json, "{}")
        XCTAssertEqual(Filter(kinds: [0], limit: 1).json, #"{"kinds":[0],"limit":1}"#)
    }

    func testRejectsBadFields() {
        let cases: [(json: String, error: FilterError)] = [
            (#"{"ids":["abc"]}"#, .invalidField("ids", "must be an array of 64-character lower-case hex strings")),
            (#"{"authors":"x"}"#, .invalidField("authors", "must be an array of 64-character lower-case hex strings")),
            (#"{"kinds":[1.5]}"#, .invalidField("kinds", "must be an array of integers from 0 to 65535")),
            (#"{"kinds":[70000]}"#, .invalidField("kinds", "must be an array of integers from 0 to 65535")),
            (#"{"since":"1"}"#, .invalidField("since", "must be an integer")),
            (#"{"limit":-1}"#, .invalidField("limit", "must not be negative")),
            (##"{"#e":[1]}"##, .invalidField("#e", "must be an array of strings")),
            (##"{"#emoji":["x"]}"##, .invalidField("#emoji", "is not a filter field (tag filters are \"#\" and one letter a-z or A-Z)")),
            (#"{"foo":1}"#, .invalidField("foo", "is not a filter field (tag filters are \"#\" and one letter a-z or A-Z)")),
            ("[]", .invalidField("filter", "must be a JSON object")),
            (#"{"kinds":[1,]}"#, .malformed(JSONError(position: 12, reason: .unexpectedByte(0x5D)))),
        ]
        for c in cases {
            XCTAssertThrowsError(try Filter(json: c.json), c.json) { XCTAssertEqual($0 as? FilterError, c.error, c.json) }
        }
    }

    func testMatching() throws {
        let other = String(repeating: "0", count: 64)
        let e = try event(kind: 1, at: 1000, tags: [["t", "nostr"], ["p", other], ["e"]], content: "Hello NOSTR world")
        let cases: [(String, Filter, Bool)] = [
            ("empty", Filter(), true),
            ("id", Filter(ids: [e.id]), true),
            ("other id", Filter(ids: [try EventID(hex: other)]), false),
            ("empty ids", Filter(ids: []), false),
            ("author", Filter(authors: [key.publicKey]), true),
            ("kinds OR", Filter(kinds: [0, 1]), true),
            ("kind", Filter(kinds: [7]), false),
            ("since inclusive", Filter(since: 1000), true),
            ("until inclusive", Filter(until: 1000), true),
            ("since after", Filter(since: 1001), false),
            ("until before", Filter(until: 999), false),
            ("tag", Filter(tags: ["t": ["x", "nostr"]]), true),
            ("tag AND", Filter(tags: ["t": ["nostr"], "p": [other]]), true),
            ("tag AND fails", Filter(tags: ["t": ["nostr"], "p": ["x"]]), false),
            ("valueless tag", Filter(tags: ["e": [""]]), false),
            ("tag name is case-sensitive", Filter(tags: ["T": ["nostr"]]), false),
            ("search", Filter(search: "nostr W"), true),
            ("search miss", Filter(search: "bye"), false),
            ("AND across fields", Filter(authors: [key.publicKey], kinds: [7]), false),
        ]
        for (name, f, expected) in cases {
            XCTAssertEqual(f.matches(e), expected, name)
        }
        let composed = try event(kind: 1, at: 1000, tags: [["t", "caf\u{E9}"]], content: "")
        XCTAssertTrue(Filter(tags: ["t": ["caf\u{E9}"]]).matches(composed))
        XCTAssertFalse(Filter(tags: ["t": ["cafe\u{301}"]]).matches(composed))
    }
}
