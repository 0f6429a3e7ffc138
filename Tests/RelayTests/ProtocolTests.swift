import Foundation
import XCTest
@testable import Relay

/// Our client against a scripted server that sends exactly the frames each rule needs.
final class ProtocolTests: XCTestCase {
    func testBadAcceptKeyRefused() async throws {
        let raw = try RawServer()
        raw.serveOnce { try $0.upgrade(accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=") }
        do {
            _ = try await within(10) { try await POSIXWebSocketTransport().connect(url: raw.url) }
            XCTFail("handshake should fail")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .handshakeBadAccept)
        }
    }

    func testNon101Refused() async throws {
        let raw = try RawServer()
        raw.serveOnce { peer in
            _ = try peer.readRequest()
            peer.write(Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".utf8))
        }
        do {
            _ = try await within(10) { try await POSIXWebSocketTransport().connect(url: raw.url) }
            XCTFail("handshake should fail")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .handshakeRejected(status: 403, reason: "Forbidden"))
        }
    }

    func testClientMasksAndServerPingIsAnswered() async throws {
        let raw = try RawServer()
        let seen = ResultBox<[Frame]>()
        let done = raw.serveOnce { peer in
            try peer.upgrade()
            peer.send(Frame(opcode: .ping, payload: Array("are you there".utf8)))
            let pong = try peer.readFrame()
            let text = try peer.readFrame()
            seen.set([pong, text])
            peer.send(Frame(opcode: .close, payload: FrameEncoder.closePayload(code: .normal, reason: "")))
            _ = try? peer.readFrame()
        }
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: raw.url)
            try await ws.send(text: "after ping")
            for try await _ in ws.messages {}
            await done.wait()
        }
        // RawPeer parses as a server: an unmasked client frame would have thrown there.
        // The text may overtake the ping on the wire; the order between them is not the point.
        XCTAssertEqual(seen.get()?.sorted { $0.opcode.rawValue > $1.opcode.rawValue }, [Frame(opcode: .pong, payload: Array("are you there".utf8)), Frame(opcode: .text, payload: Array("after ping".utf8))])
    }

    func testFragmentsWithInterleavedControlFramesAndPipelinedBytes() async throws {
        let raw = try RawServer()
        raw.serveOnce { peer in
            let request = try peer.readRequest()
            let key = request.headers["Sec-WebSocket-Key"] ?? ""
            // The 101 and the first frames in one write: bytes after the head must reach the frame parser.
            var bytes = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n\r\n".utf8)
            bytes += FrameEncoder.encode(Frame(fin: false, opcode: .text, payload: Array("frag".utf8)), masked: false)
            bytes += FrameEncoder.encode(Frame(opcode: .ping, payload: [1]), masked: false)
            bytes += FrameEncoder.encode(Frame(fin: false, opcode: .continuation, payload: Array("men".utf8)), masked: false)
            bytes += FrameEncoder.encode(Frame(opcode: .pong, payload: []), masked: false)
            bytes += FrameEncoder.encode(Frame(opcode: .continuation, payload: Array("ted".utf8)), masked: false)
            bytes += FrameEncoder.encode(Frame(opcode: .close, payload: FrameEncoder.closePayload(code: .normal, reason: "")), masked: false)
            peer.write(bytes)
            _ = try? peer.readFrame()
            _ = try? peer.readFrame()
        }
        let got = try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: raw.url)
            var all: [WebSocketMessage] = []
            for try await m in ws.messages { all.append(m) }
            return all
        }
        XCTAssertEqual(got, [.text("fragmented")])
    }

    func testCloseMidMessageEndsCleanlyWithoutThePartialMessage() async throws {
        let raw = try RawServer()
        let reply = ResultBox<Frame>()
        let done = raw.serveOnce { peer in
            try peer.upgrade()
            peer.send(Frame(fin: false, opcode: .text, payload: Array("half a mess".utf8)))
            peer.send(Frame(opcode: .close, payload: FrameEncoder.closePayload(code: .normal, reason: "done")))
            reply.set(try peer.readFrame())
        }
        let got = try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: raw.url)
            var all: [WebSocketMessage] = []
            for try await m in ws.messages { all.append(m) }
            await done.wait()
            return all
        }
        XCTAssertEqual(got, [])
        XCTAssertEqual(reply.get()?.opcode, .close, "the client echoes the close")
        XCTAssertEqual(reply.get()?.payload.prefix(2), [0x03, 0xE8])
    }

    func testInvalidUTF8TextIsRejectedWith1007() async throws {
        try await expectViolation(.invalidUTF8, closeCode: .invalidPayload) { peer in
            peer.send(Frame(opcode: .text, payload: [0x48, 0xC3, 0x28]))
        }
    }

    func testMaskedServerFrameIsRejected() async throws {
        try await expectViolation(.maskedFrameFromServer, closeCode: .protocolError) { peer in
            peer.write(FrameEncoder.encode(Frame(opcode: .text, payload: [0x41]), masked: true))
        }
    }

    func testOversizeFrameIsRejectedWith1009() async throws {
        var limits = WebSocketLimits()
        limits.maxMessageSize = 1 << 16
        try await expectViolation(.messageTooLarge(size: 1 << 20, limit: 1 << 16), closeCode: .messageTooBig, limits: limits) { peer in
            // Only the header: the client must refuse before the megabyte arrives.
            peer.write([0x82, 0x7F, 0, 0, 0, 0, 0, 0x10, 0, 0])
        }
    }

    /// The server sends something illegal; the client must end the stream with `error` and send a close with `closeCode`.
    private func expectViolation(_ error: WebSocketError, closeCode: WebSocketCloseCode, limits: WebSocketLimits = WebSocketLimits(),
                                 _ script: @escaping @Sendable (RawPeer) -> Void) async throws {
        let raw = try RawServer()
        let reply = ResultBox<Frame>()
        let done = raw.serveOnce { peer in
            try peer.upgrade()
            script(peer)
            reply.set(try peer.readFrame())
        }
        do {
            try await within(10) {
                let ws = try await POSIXWebSocketTransport(limits: limits).connect(url: raw.url)
                for try await _ in ws.messages {}
            }
            XCTFail("expected \(error)")
        } catch let thrown {
            XCTAssertEqual(thrown as? WebSocketError, error)
        }
        try await within(10) { await done.wait() }
        let close = try XCTUnwrap(reply.get(), "the client sends a close frame")
        XCTAssertEqual(close.opcode, .close)
        XCTAssertEqual(Array(close.payload.prefix(2)), [UInt8(closeCode.rawValue >> 8), UInt8(closeCode.rawValue & 0xFF)])
    }
}

/// A value set by a script thread and read by the test after the script ends.
final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}
