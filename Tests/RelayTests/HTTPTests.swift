import XCTest
@testable import Relay

/// URLSessionHTTPTransport against the plain-HTTP side of our WebSocketServer.
final class HTTPTests: XCTestCase {
    func testNIP11StyleGetAndPostBody() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        let base = "http://127.0.0.1:\(server.port)"
        let http = URLSessionHTTPTransport()
        try await within(20) {
            let info = try await http.send(HTTPRequest(url: base + "/", headers: ["Accept": "application/nostr+json"]))
            XCTAssertEqual(info.status, 200)
            XCTAssertEqual(info.headers["content-type"], "application/nostr+json")
            XCTAssertEqual(info.text, #"{"name":"test"}"#)

            let body = (0 ..< 200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let echoed = try await http.send(HTTPRequest(method: "PUT", url: base + "/echo", body: body))
            XCTAssertEqual(echoed.status, 200)
            XCTAssertEqual(echoed.body, body)

            let missing = try await http.send(HTTPRequest(url: base + "/nope"))
            XCTAssertEqual(missing.status, 404)
        }
        await server.shutdown()
    }

    func testRedirectsAreNotFollowedUnlessAsked() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        let url = "http://127.0.0.1:\(server.port)/redirect"
        let http = URLSessionHTTPTransport()
        try await within(20) {
            let r = try await http.send(HTTPRequest(url: url))
            XCTAssertEqual(r.status, 302)
            XCTAssertEqual(r.headers["Location"], "/")
            let followed = try await http.send(HTTPRequest(url: url, followRedirects: true))
            XCTAssertEqual(followed.status, 200)
            XCTAssertEqual(followed.text, "hello\n")
        }
        await server.shutdown()
    }

    func testBodyOverTheLimitIs413() async throws {
        var limits = WebSocketLimits()
        limits.maxHTTPBodySize = 1000
        let server = try WebSocketServer(limits: limits, handler: EchoHandler())
        let r = try await within(20) {
            try await URLSessionHTTPTransport().send(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(server.port)/echo", body: [UInt8](repeating: 1, count: 1001)))
        }
        XCTAssertEqual(r.status, 413)
        await server.shutdown()
    }

    func testTimeoutAgainstASilentServer() async throws {
        let silent = try RawServer()
        do {
            _ = try await within(20) {
                try await URLSessionHTTPTransport().send(HTTPRequest(url: "http://127.0.0.1:\(silent.port)/", timeout: .seconds(1)))
            }
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual(error as? HTTPError, .timedOut(url: "http://127.0.0.1:\(silent.port)/", seconds: 1))
        }
    }

    func testInvalidURL() async {
        do {
            _ = try await URLSessionHTTPTransport().send(HTTPRequest(url: "ftp://x/"))
            XCTFail("expected invalidURL")
        } catch {
            XCTAssertEqual(error, .invalidURL("ftp://x/"))
        }
    }

    func testServerWithoutHTTPHandlerSays426() async throws {
        struct Bare: WebSocketServerHandler {
            func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {}
        }
        let server = try WebSocketServer(handler: Bare())
        let r = try await within(20) { try await URLSessionHTTPTransport().send(HTTPRequest(url: "http://127.0.0.1:\(server.port)/")) }
        XCTAssertEqual(r.status, 426)
        await server.shutdown()
    }
}
