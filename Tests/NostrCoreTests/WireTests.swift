import XCTest
import NostrCore

final class WireTests: XCTestCase {
    let key = try! SecretKey(hex: "0000000000000000000000000000000000000000000000000000000000000003")

    private func signed(_ content: String = "gm") throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000, kind: 1, tags: [["t", "x"]], content: content)
            .sign(with: key)
    }

    func testClientMessagesRoundTrip() throws {
        let e = try signed()
        let f = Filter(kinds: [1], limit: 2)
        let messages: [(ClientMessage, String)] = [
            (.event(e), #"["EVENT",\#(e.json)]"#),
            (.auth(e), #"["AUTH",\#(e.json)]"#),
            (.req(subscriptionID: "s1", filters: [f, Filter(since: 3)]), #"["REQ","s1",{"kinds":[1],"limit":2},{"since":3}]"#),
            (.count(subscriptionID: "c", filters: [f]), #"["COUNT","c",{"kinds":[1],"limit":2}]"#),
            (.close(subscriptionID: "s1"), #"["CLOSE","s1"]"#),
        ]
        for (m, text) in messages {
            XCTAssertEqual(m.json, text)
            let parsed = try ClientMessage(json: Array(text.utf8))
            XCTAssertEqual(parsed, m, text)
            XCTAssertEqual(parsed.json, text)
        }
    }

    func testRelayMessagesRoundTrip() throws {
        let e = try signed()
        let messages: [(RelayMessage, String)] = [
            (.event(subscriptionID: "s", event: e), #"["EVENT","s",\#(e.json)]"#),
            (.ok(eventID: e.id, accepted: true, message: ""), #"["OK","\#(e.id.hex)",true,""]"#),
            (.ok(eventID: e.id, accepted: false, message: "blocked: no"), #"["OK","\#(e.id.hex)",false,"blocked: no"]"#),
            (.eose(subscriptionID: "s"), #"["EOSE","s"]"#),
            (.closed(subscriptionID: "s", message: "error: x"), #"["CLOSED","s","error: x"]"#),
            (.notice("hi \"there\""), #"["NOTICE","hi \"there\""]"#),
            (.auth(challenge: "abc"), #"["AUTH","abc"]"#),
            (.count(subscriptionID: "c", count: 42), #"["COUNT","c",{"count":42}]"#),
        ]
        for (m, text) in messages {
            XCTAssertEqual(m.json, text)
            let parsed = try RelayMessage(json: Array(text.utf8))
            XCTAssertEqual(parsed, m, text)
        }
        // Lenient where relays are known to be: missing OK/CLOSED message, extra COUNT fields, whitespace.
        XCTAssertEqual(try RelayMessage(json: #"["OK","\#(e.id.hex)",true]"#), .ok(eventID: e.id, accepted: true, message: ""))
        XCTAssertEqual(try RelayMessage(json: #" [ "COUNT" , "c" , {"count":3,"approximate":true} ] "#),
                       .count(subscriptionID: "c", count: 3))
    }

    func testEventKeepsItsRawBytesFromTheMessage() throws {
        let e = try signed()
        let pretty = "[\"EVENT\", \"sub\",\n  \(e.json) ]"
        guard case let .event(sub, parsed) = try RelayMessage(json: Array(pretty.utf8)) else { return XCTFail("not EVENT") }
        XCTAssertEqual(sub, "sub")
        XCTAssertEqual(parsed.raw, e.jsonBytes)
        XCTAssertNoThrow(try parsed.verify())
        guard case let .event(c) = try ClientMessage(json: Array(#"["EVENT",\#(e.json)]"#.utf8)) else { return XCTFail("not EVENT") }
        XCTAssertEqual(c.raw, e.jsonBytes)
        XCTAssertEqual(RelayMessage.eventBytes(subscriptionID: "s", eventJSON: c.raw ?? []),
                       RelayMessage.event(subscriptionID: "s", event: e).jsonBytes)
    }

    func testMalformedMessagesSayWhereAndWhy() throws {
        let e = try signed()
        let client: [(String, WireError)] = [
            (#"{"EVENT":1}"#, .invalidElement(position: 0, element: "message", reason: "must be a JSON array")),
            (#"["PING"]"#, .unknownType("PING")),
            (#"[1]"#, .invalidElement(position: 1, element: "message type", reason: "must be a string")),
            (#"["REQ","s"]"#, .invalidElement(position: 10, element: "filter", reason: "is missing")),
            (#"["REQ","",{}]"#, .invalidElement(position: 7, element: "subscription id", reason: "must be 1 to 64 characters")),
            (#"["REQ","s",{"kinds":"x"}]"#, .invalidFilter(.invalidField("kinds", "must be an array of integers"))),
            (#"["CLOSE","s","x"]"#, .invalidElement(position: 12, element: "message", reason: "has more elements than its type allows")),
            (#"["CLOSE","s""#, .malformed(JSONError(position: 12, reason: .unexpectedEnd))),
            (#"["EVENT",{"id":1}]"#, .invalidEvent(.invalidField("id", "must be 64 lower-case hex characters"))),
            (#"["EVENT"]"#, .invalidElement(position: 8, element: "event", reason: "is missing")),
            (#"["CLOSE","s"] x"#, .malformed(JSONError(position: 14, reason: .trailingData))),
        ]
        for (text, expected) in client {
            XCTAssertThrowsError(try ClientMessage(json: text), text) { XCTAssertEqual($0 as? WireError, expected, text) }
        }
        let relay: [(String, WireError)] = [
            (#"["OK","abc",true,""]"#, .invalidElement(position: 6, element: "event id", reason: "must be 64 lower-case hex characters")),
            (#"["OK","\#(e.id.hex)","yes",""]"#, .invalidElement(position: 73, element: "accepted flag", reason: "must be true or false")),
            (#"["COUNT","c",{"n":1}]"#, .invalidElement(position: 13, element: "count", reason: "must be an object with a non-negative integer \"count\"")),
            (#"["EOSE"]"#, .invalidElement(position: 7, element: "subscription id", reason: "is missing")),
        ]
        for (text, expected) in relay {
            XCTAssertThrowsError(try RelayMessage(json: text), text) { XCTAssertEqual($0 as? WireError, expected, text) }
        }
        // An event inside a message reports positions within the whole message.
        let broken = #"["EVENT","s",{"id":"\#(e.id.hex)","kind":1.}]"#
        XCTAssertThrowsError(try RelayMessage(json: broken)) {
            guard case let .invalidEvent(.malformed(j))? = $0 as? WireError else { return XCTFail("\($0)") }
            XCTAssertEqual(j.position, broken.utf8.count - 2)
        }
    }

    func testEveryTruncationThrows() throws {
        let e = try signed()
        for text in [#"["EVENT","s",\#(e.json)]"#, ##"["REQ","s",{"kinds":[1]},{"#p":["x"]}]"##] {
            let bytes = Array(text.utf8)
            for n in 0..<bytes.count {
                XCTAssertThrowsError(try RelayMessage(json: bytes[0..<n]), "prefix \(n)")
                XCTAssertThrowsError(try ClientMessage(json: bytes[0..<n]), "prefix \(n)")
            }
        }
    }
}
