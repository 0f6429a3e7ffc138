import Glibc
import Synchronization
import XCTest
@testable import Relay

final class ScaleTests: XCTestCase {
    func testOneThousandConcurrentConnections() async throws {
        let handler = EchoHandler()
        let server = try WebSocketServer(handler: handler)
        let url = server.url
        let started = ContinuousClock.now
        let connections = try await within(60) {
            try await withThrowingTaskGroup(of: (any WebSocketConnection).self) { group in
                for _ in 0 ..< 1000 { group.addTask { try await POSIXWebSocketTransport().connect(url: url, timeout: .seconds(20)) } }
                var all: [any WebSocketConnection] = []
                for try await c in group { all.append(c) }
                return all
            }
        }
        XCTAssertEqual(connections.count, 1000)
        try await within(60) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (i, ws) in connections.enumerated() {
                    group.addTask {
                        var it = ws.messages.makeAsyncIterator()
                        try await ws.send(text: "#\(i)")
                        let echo = try await it.next()
                        XCTAssertEqual(echo, .text("#\(i)"))
                    }
                }
                try await group.waitForAll()
            }
        }
        print("1000 connections opened and echoed in \(started.duration(to: .now))")
        await server.shutdown()
    }

    func testEchoThroughput() async throws {
        let server = try WebSocketServer(handler: EchoHandler())
        let ws = try await POSIXWebSocketTransport().connect(url: server.url)
        let message = String(repeating: "e", count: 400)
        let count = 20_000
        let started = ContinuousClock.now
        try await within(60) {
            async let sent: Void = {
                for _ in 0 ..< count { try await ws.send(text: message) }
            }()
            var received = 0
            for try await _ in ws.messages {
                received += 1
                if received == count { break }
            }
            try await sent
        }
        let elapsed = started.duration(to: .now)
        print("echoed \(count) × 400-byte messages in \(elapsed)")
        await server.shutdown()
    }

    func testSlowReaderIsDroppedByTheServer() async throws {
        var limits = WebSocketLimits()
        limits.maxOutboundBytes = 256 * 1024
        limits.closeTimeout = .milliseconds(200)
        let flood = FloodHandler()
        let server = try WebSocketServer(limits: limits, handler: flood)
        // A client that upgrades and then never reads.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = server.port.bigEndian
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        XCTAssertEqual(rc, 0)
        let request = WebSocketHandshake.request(for: try WebSocketURL(server.url), key: WebSocketHandshake.makeKey()).wireBytes
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let error = try await within(30) { await flood.firstError() }
        XCTAssertEqual(error, .outboundQueueFull(limit: 256 * 1024))
        await server.shutdown()
    }
}

/// Sends 64 KiB messages to each new connection until sending fails, and reports the failure.
final class FloodHandler: WebSocketServerHandler {
    private let errors: AsyncStream<WebSocketError>
    private let sink: AsyncStream<WebSocketError>.Continuation

    init() { (errors, sink) = AsyncStream<WebSocketError>.makeStream() }

    func didOpen(_ connection: WebSocketServerConnection) {
        let sink = self.sink
        Task.detached {
            let chunk = String(repeating: "f", count: 64 * 1024)
            while true {
                do throws(WebSocketError) { try connection.send(text: chunk) } catch {
                    sink.yield(error)
                    return
                }
                await Task.yield()
            }
        }
    }

    func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {}

    func firstError() async -> WebSocketError? {
        for await e in errors { return e }
        return nil
    }
}
