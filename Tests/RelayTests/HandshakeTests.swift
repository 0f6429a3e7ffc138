import XCTest
@testable import Relay

final class HandshakeTests: XCTestCase {
    func testAcceptValueFromRFCExample() {
        // RFC 6455 §1.3.
        XCTAssertEqual(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testClientRequestAndServerAnswerAgree() throws {
        let url = try WebSocketURL("ws://127.0.0.1:7777/relay?x=1")
        let key = WebSocketHandshake.makeKey()
        let request = WebSocketHandshake.request(for: url, key: key)
        var parser = HTTPHeadParser()
        var cursor = ByteCursor(request.wireBytes)
        let parsed = try XCTUnwrap(try parser.nextRequest(&cursor))
        XCTAssertEqual(parsed.target, "/relay?x=1")
        XCTAssertEqual(parsed.headers["host"], "127.0.0.1:7777")
        XCTAssertTrue(WebSocketHandshake.isUpgrade(parsed))
        let (response, accepted) = WebSocketHandshake.accept(parsed)
        XCTAssertTrue(accepted)
        var rp = HTTPHeadParser()
        var rc = ByteCursor(response.wireBytes)
        let head = try XCTUnwrap(try rp.nextResponse(&rc))
        XCTAssertNoThrow(try WebSocketHandshake.validate(head, key: key))
    }

    func testBadAcceptKeyRefused() {
        var h = HTTPHeaders()
        h.add("Upgrade", "websocket"); h.add("Connection", "Upgrade")
        h.add("Sec-WebSocket-Accept", WebSocketHandshake.acceptValue(for: "AAAAAAAAAAAAAAAAAAAAAA=="))
        let head = HTTPResponseHead(status: 101, reason: "Switching Protocols", headers: h)
        XCTAssertThrowsError(try WebSocketHandshake.validate(head, key: "dGhlIHNhbXBsZSBub25jZQ==")) {
            XCTAssertEqual($0 as? WebSocketError, .handshakeBadAccept)
        }
        let refused = HTTPResponseHead(status: 403, reason: "Forbidden")
        XCTAssertThrowsError(try WebSocketHandshake.validate(refused, key: "x")) {
            XCTAssertEqual($0 as? WebSocketError, .handshakeRejected(status: 403, reason: "Forbidden"))
        }
    }

    func testServerRefusesWrongVersion() throws {
        var req = WebSocketHandshake.request(for: try WebSocketURL("ws://a/"), key: WebSocketHandshake.makeKey())
        req.headers.set("Sec-WebSocket-Version", "8")
        let (response, accepted) = WebSocketHandshake.accept(req)
        XCTAssertFalse(accepted)
        XCTAssertEqual(response.status, 426)
    }

    struct URLRow { let text: String; let secure: Bool; let host: String; let port: UInt16; let target: String }

    func testURLs() throws {
        let rows = [
            URLRow(text: "wss://relay.damus.io", secure: true, host: "relay.damus.io", port: 443, target: "/"),
            URLRow(text: "ws://127.0.0.1:7447/", secure: false, host: "127.0.0.1", port: 7447, target: "/"),
            URLRow(text: "ws://[::1]:80?q=1#frag", secure: false, host: "::1", port: 80, target: "/?q=1"),
            URLRow(text: "WSS://Nos.lol/path/x", secure: true, host: "Nos.lol", port: 443, target: "/path/x"),
        ]
        for r in rows {
            let u = try WebSocketURL(r.text)
            XCTAssertEqual([u.secure ? "s" : "p", u.host, "\(u.port)", u.target], [r.secure ? "s" : "p", r.host, "\(r.port)", r.target], r.text)
        }
        for bad in ["http://x", "ws://", "ws://host:0/", "ws://host:99999", "ws://[::1"] {
            XCTAssertThrowsError(try WebSocketURL(bad), bad)
        }
    }
}
