import XCTest
@testable import Relay

final class MessageAssemblerTests: XCTestCase {
    func testFragmentsWithControlFramesInterleaved() throws {
        var a = MessageAssembler()
        XCTAssertNil(try a.push(Frame(fin: false, opcode: .text, payload: Array("Hel".utf8))))
        XCTAssertEqual(try a.push(Frame(opcode: .ping, payload: [1, 2])), .ping([1, 2]))
        XCTAssertNil(try a.push(Frame(fin: false, opcode: .continuation, payload: Array("lo ".utf8))))
        XCTAssertEqual(try a.push(Frame(opcode: .pong, payload: [])), .pong([]))
        XCTAssertEqual(try a.push(Frame(opcode: .continuation, payload: Array("wörld".utf8))), .message(.text("Hello wörld")))
        XCTAssertFalse(a.isMidMessage)
        XCTAssertEqual(try a.push(Frame(opcode: .binary, payload: [0xFF])), .message(.binary([0xFF])))
    }

    func testUTF8SplitAcrossFragmentsIsAccepted() throws {
        var a = MessageAssembler()
        let bytes = Array("é".utf8)
        XCTAssertNil(try a.push(Frame(fin: false, opcode: .text, payload: [bytes[0]])))
        XCTAssertEqual(try a.push(Frame(opcode: .continuation, payload: [bytes[1]])), .message(.text("é")))
    }

    struct Violation {
        let name: String
        let frames: [Frame]
        let error: WebSocketError
    }

    static let violations: [Violation] = [
        Violation(name: "invalid UTF-8 text", frames: [Frame(opcode: .text, payload: [0xC3, 0x28])], error: .invalidUTF8),
        Violation(name: "truncated UTF-8 at end", frames: [Frame(fin: false, opcode: .text, payload: [0x41]),
                                                           Frame(opcode: .continuation, payload: [0xE2, 0x82])], error: .invalidUTF8),
        Violation(name: "continuation first", frames: [Frame(opcode: .continuation, payload: [])], error: .unexpectedContinuation),
        Violation(name: "text inside fragmented message", frames: [Frame(fin: false, opcode: .text, payload: []),
                                                                   Frame(opcode: .text, payload: [])], error: .expectedContinuation(got: .text)),
        Violation(name: "oversize reassembled", frames: [Frame(fin: false, opcode: .binary, payload: [UInt8](repeating: 0, count: 60)),
                                                         Frame(opcode: .continuation, payload: [UInt8](repeating: 0, count: 60))],
                  error: .messageTooLarge(size: 120, limit: 100)),
        Violation(name: "one-byte close", frames: [Frame(opcode: .close, payload: [3])], error: .invalidClosePayload),
        Violation(name: "close code 1005 on wire", frames: [Frame(opcode: .close, payload: [0x03, 0xED])], error: .invalidCloseCode(1005)),
        Violation(name: "close code 999", frames: [Frame(opcode: .close, payload: [0x03, 0xE7])], error: .invalidCloseCode(999)),
        Violation(name: "close reason not UTF-8", frames: [Frame(opcode: .close, payload: [0x03, 0xE8, 0xFF])], error: .invalidUTF8),
    ]

    func testViolations() {
        for v in Self.violations {
            var a = MessageAssembler(maxMessageSize: 100)
            var thrown: WebSocketError?
            for f in v.frames {
                do { _ = try a.push(f) } catch { thrown = error; break }
            }
            XCTAssertEqual(thrown, v.error, v.name)
        }
    }

    func testCloseMidMessageEndsWithClose() throws {
        var a = MessageAssembler()
        XCTAssertNil(try a.push(Frame(fin: false, opcode: .text, payload: Array("partial".utf8))))
        let close = FrameEncoder.closePayload(code: .goingAway, reason: "bye")
        XCTAssertEqual(try a.push(Frame(opcode: .close, payload: close)), .close(code: .goingAway, reason: "bye"))
        XCTAssertEqual(try a.push(Frame(opcode: .close, payload: [])), .close(code: .noStatus, reason: ""))
    }

    func testClosePayloadReasonIsCutOnACharacter() {
        let p = FrameEncoder.closePayload(code: .normal, reason: String(repeating: "é", count: 100))
        XCTAssertLessThanOrEqual(p.count, 125)
        XCTAssertNotNil(String(validating: p[2...], as: UTF8.self))
    }
}
