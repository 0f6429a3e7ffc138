import Foundation
import Glibc
@testable import Relay

/// A blocking TCP server on 127.0.0.1 that accepts one connection and plays a script, to send a client exactly
/// the bytes a test needs (bad accept keys, pings, close mid-message, a dropped connection).
final class RawServer: @unchecked Sendable {
    let port: UInt16
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(4))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard rc == 0, listen(fd, 16) == 0 else { throw IOError(call: "bind/listen", errno: errno) }
        port = try Socket.localAddress(fd).port
    }

    deinit { close(fd) }

    var url: String { "ws://127.0.0.1:\(port)/" }

    /// Accepts one connection on a thread of its own and runs `script` on it; await the result to know it ended.
    @discardableResult
    func serveOnce(_ script: @escaping @Sendable (RawPeer) throws -> Void) -> ScriptDone {
        let fd = self.fd
        let done = ScriptDone()
        Thread {
            defer { done.finish() }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            var tv = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            let peer = RawPeer(fd: client)
            try? script(peer)
            peer.close()
        }.start()
        return done
    }
}

/// Signals the end of a RawServer script to an awaiting test.
final class ScriptDone: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream<Void>.makeStream() }

    func finish() { continuation.finish() }

    /// Returns once the script has ended.
    func wait() async { for await _ in stream {} }
}

/// One accepted connection with blocking helpers.
final class RawPeer: @unchecked Sendable {
    let fd: Int32
    private var cursor = ByteCursor()
    private var parser = FrameParser(role: .server)
    private var closed = false

    init(fd: Int32) { self.fd = fd }

    func close() {
        if !closed { Glibc.close(fd); closed = true }
    }

    func write(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            off += n
        }
    }

    private func fill() throws {
        var buf = [UInt8](repeating: 0, count: 65536)
        let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw IOError(call: "recv", errno: n == 0 ? 0 : errno) }
        cursor.append(buf[0 ..< n])
    }

    /// Reads the client's upgrade request.
    func readRequest() throws -> HTTPRequestHead {
        var p = HTTPHeadParser()
        while true {
            if let head = try p.nextRequest(&cursor) { return head }
            try fill()
        }
    }

    /// Answers the upgrade with a correct 101, or with `accept` as the Sec-WebSocket-Accept value.
    func upgrade(accept: String? = nil) throws {
        let request = try readRequest()
        let key = request.headers["Sec-WebSocket-Key"] ?? ""
        write(Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept ?? WebSocketHandshake.acceptValue(for: key))\r\n\r\n".utf8))
    }

    /// Reads the client's next frame.
    func readFrame() throws -> Frame {
        while true {
            if let f = try parser.next(&cursor) { return f }
            try fill()
        }
    }

    /// Sends an unmasked server frame.
    func send(_ frame: Frame) { write(FrameEncoder.encode(frame, masked: false)) }
}
