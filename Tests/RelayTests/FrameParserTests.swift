import XCTest
@testable import Relay

/// RFC 6455 §5.7 examples and the §5 rules, fed whole and byte by byte.
final class FrameParserTests: XCTestCase {
    struct Vector {
        let name: String
        let role: FrameParser.Role
        let wire: [UInt8]
        let frames: [Frame]
    }

    static let hello = Array("Hello".utf8)
    static let vectors: [Vector] = [
        Vector(name: "5.7 unmasked text", role: .client, wire: [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F],
               frames: [Frame(opcode: .text, payload: hello)]),
        Vector(name: "5.7 masked text", role: .server, wire: [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58],
               frames: [Frame(opcode: .text, payload: hello)]),
        Vector(name: "5.7 fragmented text", role: .client, wire: [0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F],
               frames: [Frame(fin: false, opcode: .text, payload: Array("Hel".utf8)), Frame(opcode: .continuation, payload: Array("lo".utf8))]),
        Vector(name: "5.7 unmasked ping", role: .client, wire: [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F],
               frames: [Frame(opcode: .ping, payload: hello)]),
        Vector(name: "5.7 masked pong", role: .server, wire: [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58],
               frames: [Frame(opcode: .pong, payload: hello)]),
        Vector(name: "5.7 256-byte binary", role: .client, wire: [0x82, 0x7E, 0x01, 0x00] + [UInt8](repeating: 7, count: 256),
               frames: [Frame(opcode: .binary, payload: [UInt8](repeating: 7, count: 256))]),
        Vector(name: "5.7 64KiB binary", role: .client,
               wire: [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0] + [UInt8](repeating: 9, count: 65536),
               frames: [Frame(opcode: .binary, payload: [UInt8](repeating: 9, count: 65536))]),
        Vector(name: "empty close", role: .client, wire: [0x88, 0x00], frames: [Frame(opcode: .close, payload: [])]),
    ]

    func testVectorsWhole() throws {
        for v in Self.vectors {
            var parser = FrameParser(role: v.role)
            var cursor = ByteCursor(v.wire)
            var got: [Frame] = []
            while let f = try parser.next(&cursor) { got.append(f) }
            XCTAssertEqual(got, v.frames, v.name)
            XCTAssertTrue(cursor.isEmpty, v.name)
        }
    }

    func testVectorsByteByByte() throws {
        for v in Self.vectors {
            var parser = FrameParser(role: v.role)
            var cursor = ByteCursor()
            var got: [Frame] = []
            for b in v.wire {
                cursor.append([b])
                while let f = try parser.next(&cursor) { got.append(f) }
            }
            XCTAssertEqual(got, v.frames, v.name)
        }
    }

    func testEncoderRoundTripsThroughParser() throws {
        for size in [0, 1, 125, 126, 127, 65535, 65536, 70001] {
            let payload = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 * 31) }
            for (masked, role) in [(true, FrameParser.Role.server), (false, .client)] {
                let wire = FrameEncoder.encode(Frame(opcode: .binary, payload: payload), masked: masked)
                var parser = FrameParser(role: role)
                var cursor = ByteCursor(wire)
                XCTAssertEqual(try parser.next(&cursor), Frame(opcode: .binary, payload: payload), "size \(size) masked \(masked)")
            }
        }
    }

    func testMaskedWireDiffersFromPayload() {
        let payload = [UInt8](repeating: 0x41, count: 64)
        let wire = FrameEncoder.encode(Frame(opcode: .text, payload: payload), masked: true)
        XCTAssertEqual(wire[1] & 0x80, 0x80)
        XCTAssertNotEqual(Array(wire[6...]), payload)
    }

    struct Violation {
        let name: String
        let role: FrameParser.Role
        let wire: [UInt8]
        let error: WebSocketError
    }

    static let violations: [Violation] = [
        Violation(name: "RSV1 set", role: .client, wire: [0xC1, 0x00], error: .reservedBitsSet),
        Violation(name: "opcode 3", role: .client, wire: [0x83, 0x00], error: .unknownOpcode(3)),
        Violation(name: "opcode 0xB", role: .client, wire: [0x8B, 0x00], error: .unknownOpcode(0xB)),
        Violation(name: "fragmented ping", role: .client, wire: [0x09, 0x00], error: .fragmentedControlFrame),
        Violation(name: "126-byte ping", role: .client, wire: [0x89, 0x7E, 0x00, 0x7E], error: .controlFrameTooLong(126)),
        Violation(name: "masked from server", role: .client, wire: [0x81, 0x80, 1, 2, 3, 4], error: .maskedFrameFromServer),
        Violation(name: "unmasked from client", role: .server, wire: [0x81, 0x00], error: .unmaskedFrameFromClient),
        Violation(name: "64-bit length MSB", role: .client, wire: [0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], error: .lengthOutOfRange),
        Violation(name: "oversize frame", role: .client, wire: [0x82, 0x7F, 0, 0, 0, 0, 0x01, 0, 0, 0],
                  error: .messageTooLarge(size: 1 << 24, limit: 1 << 20)),
    ]

    func testViolationsAreTypedErrors() {
        for v in Self.violations {
            var parser = FrameParser(role: v.role, maxFrameSize: 1 << 20)
            var cursor = ByteCursor(v.wire)
            XCTAssertThrowsError(try parser.next(&cursor), v.name) { XCTAssertEqual($0 as? WebSocketError, v.error, v.name) }
        }
    }

    func testOversizeRejectedBeforePayloadArrives() {
        // Only the header is fed: the limit must trip without buffering 16 MiB.
        var parser = FrameParser(role: .client, maxFrameSize: 1000)
        var cursor = ByteCursor([0x82, 0x7E, 0x03, 0xE9])
        XCTAssertThrowsError(try parser.next(&cursor)) { XCTAssertEqual($0 as? WebSocketError, .messageTooLarge(size: 1001, limit: 1000)) }
    }
}
