import XCTest
import NostrCore

final class EventTests: XCTestCase {
    let key = try! SecretKey(hex: "0000000000000000000000000000000000000000000000000000000000000001")

    private func note(_ content: String = "hello \"world\"\n/é😀", tags: [Tag] = [["e", String(repeating: "a", count: 64)], ["t", "nostr"]]) throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000, kind: .textNote, tags: tags, content: content)
            .sign(with: key)
    }

    func testSignVerifyAndJSONRoundTrip() throws {
        let e = try note()
        XCTAssertNoThrow(try e.verify())
        XCTAssertTrue(e.isValid)
        let parsed = try Event(json: e.json)
        XCTAssertEqual(parsed, e)
        XCTAssertEqual(parsed.raw, e.jsonBytes)
        XCTAssertEqual(parsed.content, e.content)
        XCTAssertEqual(parsed.tags, e.tags)
        XCTAssertNoThrow(try parsed.verify())
        XCTAssertTrue(e.json.hasPrefix(#"{"id":""#))
        XCTAssertTrue(e.json.contains(#""content":"hello \"world\"\n/é😀""#))
    }

    func testSerializationMatchesNIP01() throws {
        let u = UnsignedEvent(pubkey: key.publicKey, createdAt: 1, kind: 1, tags: [["p", "x"], []], content: "a\u{1}\t/")
        XCTAssertEqual(String(decoding: u.serialization, as: UTF8.self),
                       #"[0,"\#(key.publicKey.hex)",1,1,[["p","x"],[]],"a\u0001\t/"]"#)
        XCTAssertEqual(u.id.bytes, SHA256.hash(u.serialization))
    }

    func testSigningWithAnotherKeyFails() {
        let other = SecretKey.generate()
        let u = UnsignedEvent(pubkey: other.publicKey, createdAt: 1, kind: 1, content: "")
        XCTAssertThrowsError(try u.sign(with: key))
    }

    func testTamperingIsDetectedIdFirst() throws {
        let e = try note()
        let changed = e.json.replacingOccurrences(of: "hello", with: "jello")
        XCTAssertThrowsError(try Event(json: changed).verify()) { XCTAssertEqual($0 as? EventError, .idMismatch) }
        var sig = e.sig
        sig[0] ^= 0x80
        let forged = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt, kind: e.kind, tags: e.tags,
                           content: e.content, sig: sig)
        XCTAssertThrowsError(try forged.verify()) { XCTAssertEqual($0 as? EventError, .invalidSignature) }
        XCTAssertNoThrow(try forged.verifyID())
        XCTAssertFalse(forged.isValid)
    }

    func testNonCanonicalInputStillHashesCanonically() throws {
        let e = try note("a/b é\n")
        // Pretty-printed, with "\/" and "\u00e9" escapes and keys in another order: same event, same id.
        let pretty = """
        {
          "content": "a\\/b \\u00e9\\u000a",
          "tags": [ ["e", "\(String(repeating: "a", count: 64))"], ["t", "nos\\u0074r"] ],
          "sig": "\(Hex.encode(e.sig))", "kind": 1, "created_at": 1700000000,
          "pubkey": "\(e.pubkey.hex)", "id": "\(e.id.hex)", "extra": {"ignored": [1, "x"]}
        }
        """
        let parsed = try Event(json: pretty)
        XCTAssertEqual(parsed.content, "a/b é\n")
        XCTAssertNoThrow(try parsed.verify())
        XCTAssertEqual(parsed.json, pretty)
    }

    func testFieldChecks() throws {
        let e = try note()
        let good = e.json
        func rejects(_ text: String, _ expected: EventError, line: UInt = #line) {
            XCTAssertThrowsError(try Event(json: text), line: line) { XCTAssertEqual($0 as? EventError, expected, line: line) }
        }
        let hex64 = #"must be 64 lower-case hex characters"#
        rejects(good.replacingOccurrences(of: e.id.hex, with: e.id.hex.uppercased()), .invalidField("id", hex64))
        rejects(good.replacingOccurrences(of: e.id.hex, with: String(e.id.hex.dropLast())), .invalidField("id", hex64))
        rejects(good.replacingOccurrences(of: e.pubkey.hex, with: "zz" + e.pubkey.hex.dropFirst(2)), .invalidField("pubkey", hex64))
        rejects(good.replacingOccurrences(of: Hex.encode(e.sig), with: "00"), .invalidField("sig", "must be 128 lower-case hex characters"))
        rejects(good.replacingOccurrences(of: "1700000000", with: "1700000000.5"), .invalidField("created_at", "must be an integer"))
        rejects(good.replacingOccurrences(of: "1700000000", with: "17e8"), .invalidField("created_at", "must be an integer"))
        rejects(good.replacingOccurrences(of: "1700000000", with: "\"1700000000\""), .invalidField("created_at", "must be an integer"))
        rejects(good.replacingOccurrences(of: "1700000000", with: "-1"), .invalidField("created_at", "must not be negative"))
        rejects(good.replacingOccurrences(of: #""kind":1"#, with: #""kind":65536"#), .invalidField("kind", "must be from 0 to 65535"))
        rejects(good.replacingOccurrences(of: #""kind":1"#, with: #""kind":1.0"#), .invalidField("kind", "must be an integer"))
        rejects(good.replacingOccurrences(of: #""kind":1,"#, with: ""), .invalidField("kind", "is missing"))
        rejects(good.replacingOccurrences(of: #""kind":1,"#, with: #""kind":1,"kind":1,"#), .invalidField("kind", "appears twice"))
        rejects(good.replacingOccurrences(of: #"["t","nostr"]"#, with: #"["t",1]"#), .invalidField("tags", "must be an array of arrays of strings"))
        rejects(good.replacingOccurrences(of: #"["t","nostr"]"#, with: #""t""#), .invalidField("tags", "must be an array of arrays of strings"))
        rejects("[]", .invalidField("event", "must be a JSON object"))
        rejects(good + "x", .malformed(JSONError(position: good.utf8.count, reason: .trailingData)))
        rejects(#"{"content":1}"#, .invalidField("content", "must be a string"))
        // Milliseconds are still an integer (the corpus has one).
        let ms = try Event(json: good.replacingOccurrences(of: "1700000000", with: "1694192155914"))
        XCTAssertEqual(ms.createdAt, 1_694_192_155_914)
        XCTAssertThrowsError(try ms.verify()) { XCTAssertEqual($0 as? EventError, .idMismatch) }
    }

    func testTagStringsAreFullyCheckedAtParseTime() throws {
        let good = try note(tags: [["t", "marker"]]).jsonBytes
        func withTag(_ replacement: [UInt8]) -> [UInt8] {
            let marker = Array("marker".utf8)
            guard let at = (0...(good.count - marker.count)).first(where: { Array(good[$0..<($0 + marker.count)]) == marker })
            else { return good }
            return Array(good[..<at]) + replacement + Array(good[(at + marker.count)...])
        }
        let cases: [(String, [UInt8], JSONError.Reason)] = [
            ("bad escape", Array(#"a\x"#.utf8), .invalidEscape),
            ("lone surrogate", Array(#"\ud800"#.utf8), .loneSurrogate),
            ("invalid UTF-8", [0x61, 0xC3, 0x28], .invalidUTF8),
            ("overlong UTF-8", [0xC0, 0xAF], .invalidUTF8),
            ("UTF-8 surrogate", [0xED, 0xA0, 0x80], .invalidUTF8),
            ("raw newline", [0x61, 0x0A], .controlCharacterInString),
        ]
        for (name, bytes, reason) in cases {
            XCTAssertThrowsError(try Event(json: withTag(bytes)), name) { error in
                guard case let .malformed(j)? = error as? EventError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(j.reason, reason, name)
            }
        }
        let ok = try Event(json: withTag(Array(#"é\u00e9\ud83d\ude00\n"#.utf8)))
        XCTAssertEqual(ok.tags, [["t", "éé😀\n"]])
    }

    func testHexFieldsAcceptEveryLowerHexDigitAndNothingElse() throws {
        let e = try note()
        let good = e.json
        let idHex = e.id.hex
        // Every position holding every byte: only 0-9a-f keep the field valid (the id then mismatches).
        for position in stride(from: 0, to: 64, by: 7) {
            for b in UInt8(0x20)..<0x7F where b != 0x22 && b != 0x5C {
                var chars = Array(idHex.utf8)
                chars[position] = b
                let text = good.replacingOccurrences(of: idHex, with: String(decoding: chars, as: UTF8.self))
                let isHex = (0x30...0x39).contains(b) || (0x61...0x66).contains(b)
                do {
                    let parsed = try Event(json: text)
                    XCTAssertTrue(isHex, "byte \(b) at \(position) accepted")
                    XCTAssertEqual(parsed.id.hex, String(decoding: chars, as: UTF8.self))
                } catch {
                    XCTAssertFalse(isHex, "byte \(b) at \(position) rejected: \(error)")
                    XCTAssertEqual(error, .invalidField("id", "must be 64 lower-case hex characters"))
                }
            }
        }
        XCTAssertEqual(try Event(json: good).sig, e.sig)
        XCTAssertEqual(try Event(json: good).pubkey, e.pubkey)
    }

    func testEveryTruncationAndByteFlipIsHandled() throws {
        let bytes = try note().jsonBytes
        for n in 0..<bytes.count {
            XCTAssertThrowsError(try Event(json: bytes[0..<n]), "prefix \(n)")
        }
        for i in stride(from: 0, to: bytes.count, by: 1) {
            var m = bytes
            m[i] ^= 0x01
            if let e = try? Event(json: m) { XCTAssertFalse(e.isValid, "flip at \(i)") }
        }
    }

    func testRumorJSON() throws {
        let u = UnsignedEvent(pubkey: key.publicKey, createdAt: 5, kind: .chatMessage, tags: [["p", key.publicKey.hex]], content: "hi")
        let withID = u.json(includingID: true)
        XCTAssertTrue(withID.hasPrefix(#"{"id":"\#(u.id.hex)","pubkey""#))
        XCTAssertFalse(withID.contains("sig"))
        XCTAssertEqual(try UnsignedEvent(json: Array(withID.utf8)), u)
        XCTAssertEqual(try UnsignedEvent(json: Array(u.json(includingID: false).utf8)), u)
        let parsed = try UnsignedEvent.parse(json: Array(withID.utf8))
        XCTAssertEqual(parsed.id, u.id)
        XCTAssertFalse(parsed.hasSignature)
        let wrong = withID.replacingOccurrences(of: #""content":"hi""#, with: #""content":"ho""#)
        XCTAssertThrowsError(try UnsignedEvent(json: Array(wrong.utf8))) { XCTAssertEqual($0 as? EventError, .idMismatch) }
        let signed = try note()
        let p2 = try UnsignedEvent.parse(json: signed.jsonBytes)
        XCTAssertTrue(p2.hasSignature)
        XCTAssertEqual(p2.event, signed.unsigned)
    }

    func testErrorsReadWell() {
        XCTAssertEqual(EventError.invalidField("kind", "is missing").description, #"invalid event field "kind": is missing"#)
        XCTAssertTrue(EventError.malformed(JSONError(position: 3, reason: .unexpectedEnd)).description.contains("byte 3"))
    }
}
