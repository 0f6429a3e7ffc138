import Glibc
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

    /// A refused body the client keeps sending must not turn the 413 into a connection reset: the server
    /// shuts its write side and drops the rest of the body before closing (a lingering close).
    func testRefusedBodyStillGetsItsResponseWithoutReset() async throws {
        var limits = WebSocketLimits()
        limits.maxHTTPBodySize = 1000
        let server = try WebSocketServer(limits: limits, handler: EchoHandler())
        let port = server.port
        let (response, readError) = try await within(20) {
            try await Task.detached { try Self.rawExchange(port: port, head: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 300000\r\n\r\n",
                                                           body: [UInt8](repeating: 0x61, count: 300_000)) }.value
        }
        XCTAssertNil(readError, "the connection was reset (errno \(readError ?? 0))")
        XCTAssertTrue(String(decoding: response, as: UTF8.self).hasPrefix("HTTP/1.1 413"), String(decoding: response.prefix(80), as: UTF8.self))
        await server.shutdown()
    }

    /// Writes `head` and `body` on a blocking socket, half-closes, and reads until EOF; the errno of a failed read.
    private static func rawExchange(port: UInt16, head: String, body: [UInt8]) throws -> ([UInt8], Int32?) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a reset must fail the write, not kill the test process with SIGPIPE.
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        shutdown(fd, Int32(SHUT_WR))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return (out, nil) }
            if n < 0 { return (out, errno) }
            out += buffer[0 ..< n]
        }
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
