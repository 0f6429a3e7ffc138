import XCTest
@testable import Relay

/// The client pings a silent connection and gives it up when the ping goes unanswered.
final class KeepAliveTests: XCTestCase {
    private var quickPings: WebSocketLimits {
        var limits = WebSocketLimits()
        limits.pingInterval = .milliseconds(150)
        limits.pongTimeout = .milliseconds(150)
        return limits
    }

    func testAnsweredPingsKeepTheConnectionOpen() async throws {
        let raw = try RawServer()
        let pings = ResultBox<[Opcode]>()
        let done = raw.serveOnce { peer in
            try peer.upgrade()
            // Two pings in a row: the first was answered, so the connection survived to send the second.
            let first = try peer.readFrame()
            peer.send(Frame(opcode: .pong, payload: first.payload))
            let second = try peer.readFrame()
            pings.set([first.opcode, second.opcode])
            peer.send(Frame(opcode: .close, payload: FrameEncoder.closePayload(code: .normal, reason: "")))
            _ = try? peer.readFrame()
        }
        let limits = quickPings
        try await within(10) {
            let ws = try await POSIXWebSocketTransport(limits: limits).connect(url: raw.url)
            for try await _ in ws.messages {}
            await done.wait()
        }
        XCTAssertEqual(pings.get(), [.ping, .ping])
    }

    func testUnansweredPingEndsTheConnection() async throws {
        let raw = try RawServer()
        let done = raw.serveOnce { peer in
            try peer.upgrade()
            _ = try peer.readFrame()   // the ping, never answered
            _ = try? peer.readFrame()  // returns when the client gives up and closes the socket
        }
        let limits = quickPings
        do {
            try await within(10) {
                let ws = try await POSIXWebSocketTransport(limits: limits).connect(url: raw.url)
                for try await _ in ws.messages {}
            }
            XCTFail("a silent peer should end the connection")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .connectionLost)
        }
        await done.wait()
    }
}
