import XCTest
import NostrCore

final class JSONTests: XCTestCase {
    private func reason(_ text: String) -> JSONError.Reason? {
        do { _ = try JSONValue.parse(text); return nil } catch { return error.reason }
    }

    func testParsesEveryKindOfValue() throws {
        let v = try JSONValue.parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        XCTAssertEqual(v["a"]?[0], .int(1))
        XCTAssertEqual(v["a"]?[1]?.intValue, -2)
        XCTAssertEqual(v["a"]?[2]?.doubleValue, 3.5)
        XCTAssertEqual(v["a"]?[3], .double(1000))
        XCTAssertEqual(v["a"]?[4]?.boolValue, true)
        XCTAssertEqual(v["a"]?[5]?.boolValue, false)
        XCTAssertEqual(v["a"]?[6]?.isNull, true)
        XCTAssertNil(v["a"]?[7])
        XCTAssertEqual(v["b"]?["c"]?.stringValue, "d")
        XCTAssertEqual(v["e"]?.stringValue, "")
        XCTAssertEqual(try JSONValue.parse("9223372036854775807"), .int(Int64.max))
        XCTAssertEqual(try JSONValue.parse("-9223372036854775808"), .int(Int64.min))
        XCTAssertEqual(try JSONValue.parse("9223372036854775808"), .double(9223372036854775808))
        XCTAssertEqual(try JSONValue.parse("-0"), .int(0))
    }

    func testEscapesAndSurrogatePairs() throws {
        let cases: [(json: String, expected: String)] = [
            (#""a\"b\\c\/d""#, "a\"b\\c/d"),
            (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
            (#""\u0041\u00e9\u00E9\u20ac""#, "Aéé€"),
            (#""\ud83d\ude00 \uD83D\uDE00""#, "😀 😀"),
            (#""\u0000""#, "\u{0}"),
            ("\"raw é 😀 \u{7f}\"", "raw é 😀 \u{7f}"),
        ]
        for c in cases {
            XCTAssertEqual(try JSONValue.parse(c.json).stringValue, c.expected, c.json)
        }
    }

    func testRejectsMalformedInputWithPositionAndReason() {
        let cases: [(json: String, reason: JSONError.Reason, position: Int)] = [
            ("", .unexpectedEnd, 0),
            ("[1,]", .unexpectedByte(0x5D), 3),
            (#"{"a":1,}"#, .unexpectedByte(0x7D), 7),
            ("[1 2]", .unexpectedByte(0x32), 3),
            ("[1] x", .trailingData, 4),
            ("01", .trailingData, 1),
            ("-", .unexpectedEnd, 1),
            ("1.", .unexpectedEnd, 2),
            ("1.e5", .invalidNumber, 2),
            (".5", .unexpectedByte(0x2E), 0),
            ("+1", .unexpectedByte(0x2B), 0),
            (#""\x""#, .invalidEscape, 1),
            (#""\u12G4""#, .invalidUnicodeEscape, 5),
            (#""\ud83d""#, .loneSurrogate, 1),
            (#""\ud83d\u0041""#, .loneSurrogate, 1),
            (#""\ude00""#, .loneSurrogate, 1),
            ("\"a\nb\"", .controlCharacterInString, 2),
            (#"{"a":1,"a":2}"#, .duplicateKey("a"), 7),
            ("tru", .unexpectedEnd, 3),
            ("nul1", .unexpectedByte(0x31), 3),
            (#"{"a" 1}"#, .unexpectedByte(0x31), 5),
            (#"{1:2}"#, .unexpectedByte(0x31), 1),
            (#"["abc"#, .unexpectedEnd, 5),
        ]
        for c in cases {
            do {
                _ = try JSONValue.parse(c.json)
                XCTFail("accepted \(c.json)")
            } catch {
                XCTAssertEqual(error.reason, c.reason, c.json)
                XCTAssertEqual(error.position, c.position, c.json)
                XCTAssertFalse(error.description.isEmpty)
            }
        }
    }

    func testRejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0x61, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                               [0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22]] {
            XCTAssertThrowsError(try JSONValue.parse(bytes), "\(bytes)") { e in
                XCTAssertEqual((e as? JSONError)?.reason, .invalidUTF8, "\(bytes)")
            }
        }
    }

    func testDepthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONValue.parse(ok))
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(reason(deep), .tooDeep(limit: 512))
        let hostile = String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertEqual(reason(hostile), .tooDeep(limit: 512))
    }

    func testEveryTruncationThrowsAndNeverCrashes() {
        let doc = #"{"k":[1,-2.5e3,"é\u00e9\ud83d\ude00\n",true,false,null,{"x":[]}],"s":"\\\"/"}"#
        let bytes = Array(doc.utf8)
        XCTAssertNoThrow(try JSONValue.parse(bytes))
        for n in 0..<bytes.count {
            XCTAssertThrowsError(try JSONValue.parse(bytes[0..<n]), "prefix \(n)")
        }
        // Every single-byte substitution either parses or throws; none may crash.
        for i in 0..<bytes.count {
            for b: UInt8 in [0x00, 0x22, 0x5C, 0x5B, 0x7D, 0x2C, 0xFF] {
                var m = bytes
                m[i] = b
                _ = try? JSONValue.parse(m)
            }
        }
    }

    func testSerializationIsCompactSortedAndNIP01Escaped() throws {
        let v: JSONValue = ["b": [1, 2.5, true, nil], "a": "x/\"\\\n\u{1}é", "c": [:]]
        XCTAssertEqual(v.serialized, #"{"a":"x/\"\\\n\u0001é","b":[1,2.5,true,null],"c":{}}"#)
        XCTAssertEqual(try JSONValue.parse(v.serialized), v)
        XCTAssertEqual(JSONValue.double(.nan).serialized, "null")
        XCTAssertEqual(JSONValue.int(Int64.min).serialized, "-9223372036854775808")
    }

    func testWriterEscapesExactlyWhatNIP01Says() {
        for b in UInt8(0)..<0x80 {
            var out: [UInt8] = []
            JSONWriter.appendString(String(decoding: [b], as: UTF8.self), to: &out)
            let text = String(decoding: out, as: UTF8.self)
            let expected: String
            switch b {
            case 0x0A: expected = #""\n""#
            case 0x22: expected = #""\"""#
            case 0x5C: expected = #""\\""#
            case 0x0D: expected = #""\r""#
            case 0x09: expected = #""\t""#
            case 0x08: expected = #""\b""#
            case 0x0C: expected = #""\f""#
            case 0..<0x20: expected = "\"\\u00" + (b < 0x10 ? "0" : "") + String(b, radix: 16) + "\""
            default: expected = "\"" + String(decoding: [b], as: UTF8.self) + "\""
            }
            XCTAssertEqual(text, expected, "byte \(b)")
            XCTAssertEqual(try JSONValue.parse(out).stringValue, String(decoding: [b], as: UTF8.self), "byte \(b)")
        }
        var out: [UInt8] = []
        JSONWriter.appendString("日本 😀 \u{2028}", to: &out)
        XCTAssertEqual(out, Array("\"日本 😀 \u{2028}\"".utf8))
    }
}
