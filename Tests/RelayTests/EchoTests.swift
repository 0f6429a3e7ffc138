import XCTest
@testable import Relay

/// Our client against our server on 127.0.0.1.
final class EchoTests: XCTestCase {
    func testEchoTextAndBinary() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: server.url)
            var it = ws.messages.makeAsyncIterator()
            try await ws.send(text: "hello ✓")
            let first = try await it.next()
            XCTAssertEqual(first, .text("hello ✓"))
            let big = (0 ..< 300_000).map { UInt8(truncatingIfNeeded: $0) }
            try await ws.send(binary: big)
            let second = try await it.next()
            XCTAssertEqual(second, .binary(big))
            await ws.close()
            let end = try await it.next()
            XCTAssertNil(end, "stream ends after a normal close")
        }
        await server.shutdown()
    }

    func testTwoHundredConcurrentClients() async throws {
        let handler = EchoHandler()
        let server = try WebSocketServer(handler: handler)
        let url = server.url
        try await within(30) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0 ..< 200 {
                    group.addTask {
                        let ws = try await POSIXWebSocketTransport().connect(url: url)
                        var it = ws.messages.makeAsyncIterator()
                        for j in 0 ..< 5 {
                            try await ws.send(text: "client \(i) message \(j)")
                            let echo = try await it.next()
                            XCTAssertEqual(echo, .text("client \(i) message \(j)"))
                        }
                        await ws.close()
                    }
                }
                try await group.waitForAll()
            }
        }
        XCTAssertEqual(handler.opened.load(ordering: .relaxed), 200)
        await server.shutdown()
    }

    func testServerDroppingTheConnectionEndsTheStreamWithAnError() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: server.url)
            try await ws.send(text: "drop")
            do {
                for try await _ in ws.messages {}
                XCTFail("expected connectionLost")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .connectionLost)
            }
            do { try await ws.send(text: "after"); XCTFail("send after loss") } catch {
                XCTAssertEqual(error as? WebSocketError, .connectionLost)
            }
        }
        await server.shutdown()
    }

    func testServerCloseWithCodeIsReported() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: server.url)
            try await ws.send(text: "bye")
            do {
                for try await _ in ws.messages {}
                XCTFail("expected closed(4000)")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .closed(code: WebSocketCloseCode(rawValue: 4000), reason: "bye"))
            }
        }
        await server.shutdown()
    }

    func testOversizeMessageClosesWith1009() async throws {
        var limits = WebSocketLimits()
        limits.maxMessageSize = 1000
        let server = try WebSocketServer(limits: limits, handler: EchoHandler())
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: server.url)
            try await ws.send(text: String(repeating: "x", count: 1001))
            do {
                for try await _ in ws.messages {}
                XCTFail("expected the server to close")
            } catch {
                guard case .closed(let code, _) = error as? WebSocketError else { return XCTFail("\(error)") }
                XCTAssertEqual(code, .messageTooBig)
            }
        }
        await server.shutdown()
    }

    func testClientRejectsOversizeMessage() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        var small = WebSocketLimits()
        small.maxMessageSize = 100
        let limits = small
        try await within(10) {
            let ws = try await POSIXWebSocketTransport(limits: limits).connect(url: server.url)
            try await ws.send(text: String(repeating: "y", count: 101))
            do {
                for try await _ in ws.messages {}
                XCTFail("expected messageTooLarge")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .messageTooLarge(size: 101, limit: 100))
            }
        }
        await server.shutdown()
    }

    func testShutdownClosesClientsWithGoingAway() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        let ws = try await POSIXWebSocketTransport().connect(url: server.url)
        await server.shutdown()
        try await within(10) {
            do {
                for try await _ in ws.messages {}
                XCTFail("expected closed(1001)")
            } catch {
                XCTAssertEqual(error as? WebSocketError, .closed(code: .goingAway, reason: "server shutting down"))
            }
        }
    }

    func testConnectRefused() async throws {
        let raw = try RawServer()
        let port = raw.port
        _ = consume raw
        do {
            _ = try await POSIXWebSocketTransport().connect(url: "ws://127.0.0.1:\(port)/")
            XCTFail("connect should fail")
        } catch {
            XCTAssertEqual(error, .io(IOError(call: "connect", errno: ECONNREFUSED)))
        }
    }
}

final class IPv6Tests: XCTestCase {
    func testEchoOverIPv6Loopback() async throws {
        let server: WebSocketServer
        do { server = try WebSocketServer(host: "::1", handler: EchoHandler()) } catch {
            throw XCTSkip("no IPv6 loopback here: \(error)")
        }
        XCTAssertEqual(server.url, "ws://[::1]:\(server.port)")
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: server.url + "/v6")
            var it = ws.messages.makeAsyncIterator()
            try await ws.send(text: "six")
            let echo = try await it.next()
            XCTAssertEqual(echo, .text("six"))
            await ws.close()
        }
        await server.shutdown()
    }
}
