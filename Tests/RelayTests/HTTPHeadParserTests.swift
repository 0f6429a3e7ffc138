import XCTest
@testable import Relay

final class HTTPHeadParserTests: XCTestCase {
    static let response = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection:  Upgrade \r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kxoHNEBLsWtPbA=\r\n\r\n".utf8)

    func testResponseWholeAndByteByByte() throws {
        let trailing: [UInt8] = [0x81, 0x00]
        var whole = HTTPHeadParser()
        var c = ByteCursor(Self.response + trailing)
        let head = try XCTUnwrap(try whole.nextResponse(&c))
        XCTAssertEqual(head.status, 101)
        XCTAssertEqual(head.headers["connection"], "Upgrade")
        XCTAssertEqual(Array(c.readableBytes), trailing, "bytes after the head stay for the frame parser")

        var bytewise = HTTPHeadParser()
        var c2 = ByteCursor()
        var got: HTTPResponseHead?
        for b in Self.response {
            XCTAssertNil(got)
            c2.append([b])
            got = try bytewise.nextResponse(&c2)
        }
        XCTAssertEqual(got, head)
    }

    func testRequestWithBodyLength() throws {
        var p = HTTPHeadParser()
        var c = ByteCursor(Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8))
        let head = try XCTUnwrap(try p.nextRequest(&c))
        XCTAssertEqual(head.method, "POST")
        XCTAssertEqual(head.path, "/upload")
        XCTAssertEqual(try HTTPHeadParser.contentLength(head.headers), 3)
        XCTAssertEqual(c.readableCount, 3)
    }

    struct Bad { let name: String; let text: String; let error: HTTPParseError }

    func testMalformed() {
        let rows = [
            Bad(name: "no colon", text: "GET / HTTP/1.1\r\nHost x\r\n\r\n", error: .malformedHeader("Host x")),
            Bad(name: "space before colon", text: "GET / HTTP/1.1\r\nHost : x\r\n\r\n", error: .malformedHeader("Host : x")),
            Bad(name: "two-part start", text: "GET /\r\n\r\n", error: .malformedStartLine("GET /")),
            Bad(name: "HTTP/2", text: "GET / HTTP/2.0\r\n\r\n", error: .unsupportedVersion("HTTP/2.0")),
        ]
        for r in rows {
            var p = HTTPHeadParser()
            var c = ByteCursor(Array(r.text.utf8))
            XCTAssertThrowsError(try p.nextRequest(&c), r.name) { XCTAssertEqual($0 as? HTTPParseError, r.error, r.name) }
        }
    }

    func testHeadTooLarge() {
        var p = HTTPHeadParser(maxHeadSize: 64)
        var c = ByteCursor(Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 100)).utf8))
        XCTAssertThrowsError(try p.nextRequest(&c)) { XCTAssertEqual($0 as? HTTPParseError, .headTooLarge(limit: 64)) }
    }

    func testConflictingContentLength() {
        let h: HTTPHeaders = ["Content-Length": "3"]
        var h2 = h
        h2.add("content-length", "4")
        XCTAssertThrowsError(try HTTPHeadParser.contentLength(h2))
        XCTAssertThrowsError(try HTTPHeadParser.contentLength(["Content-Length": "-1"]))
    }
}
