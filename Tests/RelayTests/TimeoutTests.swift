import XCTest
@testable import Relay

final class TimeoutTests: XCTestCase {
    func testConnectTimeoutAgainstAServerThatNeverAnswers() async throws {
        // Listening but never accepting: TCP completes in the kernel, the upgrade never gets an answer.
        let silent = try RawServer()
        let started = ContinuousClock.now
        do {
            _ = try await within(10) { try await POSIXWebSocketTransport().connect(url: silent.url, timeout: .milliseconds(300)) }
            XCTFail("connect should time out")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .connectTimeout(host: "127.0.0.1", seconds: 0.3))
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(3))
    }

    func testCancellingConnectEndsIt() async throws {
        let silent = try RawServer()
        let task = Task { try await POSIXWebSocketTransport().connect(url: silent.url, timeout: .seconds(30)) }
        task.cancel()
        do {
            _ = try await within(10) { try await task.value }
            XCTFail("cancelled connect should throw")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .cancelled)
        }
    }

    func testServerDropsAClientThatNeverSendsARequest() async throws {
        var limits = WebSocketLimits()
        limits.handshakeTimeout = .milliseconds(200)
        let server = try WebSocketServer(limits: limits, handler: EchoHandler())
        let port = server.port
        // A raw TCP client that connects and stays silent: the server must hang up on it.
        let closedByServer = try await within(10) {
            try await Task.detached {
                let fd = try Socket.makeTCP(family: AF_INET)
                defer { Socket.close(fd) }
                var addr = sockaddr_in()
                addr.sin_family = sa_family_t(AF_INET)
                addr.sin_addr.s_addr = inet_addr("127.0.0.1")
                addr.sin_port = port.bigEndian
                _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, 5000)
                var byte: UInt8 = 0
                return read(fd, &byte, 1) == 0
            }.value
        }
        XCTAssertTrue(closedByServer)
        await server.shutdown()
    }
}
