import Dispatch
import Glibc

/// Reads standard input in chunks off the Swift cooperative pool, so a command that waits for
/// stdin does not hold one of its (two, on this machine) threads while networking tasks need them.
final class StdinReader {
    private let fd: Int32
    private let chunkSize: Int
    private var eof = false
    private let beforeBlocking: @Sendable () -> Void

    /// `beforeBlocking` runs before every read (the IO flushes stdout there, so a pipeline sees
    /// each result before we wait for the next input).
    init(fd: Int32 = 0, chunkSize: Int = 64 * 1024, beforeBlocking: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.chunkSize = chunkSize
        self.beforeBlocking = beforeBlocking
    }

    /// The next chunk, or nil at end of input (a read error counts as the end).
    func next() async -> [UInt8]? {
        if eof { return nil }
        beforeBlocking()
        let fd = fd, size = chunkSize
        let chunk: [UInt8]? = await withCheckedContinuation { cont in
            DispatchQueue.global().async {
                var buf = [UInt8](repeating: 0, count: size)
                while true {
                    let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, size) }
                    if n > 0 { buf.removeSubrange(n...); cont.resume(returning: buf); return }
                    if n < 0 && errno == EINTR { continue }
                    cont.resume(returning: nil)
                    return
                }
            }
        }
        if chunk == nil { eof = true }
        return chunk
    }
}

/// Splits a byte stream into lines (without `\n` or a trailing `\r`).
struct LineSplitter {
    private var pending: [UInt8] = []
    private var ready: [[UInt8]] = []
    private var readyIndex = 0

    /// The next complete line in what was fed so far.
    mutating func nextLine() -> [UInt8]? {
        guard readyIndex < ready.count else { return nil }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    /// Adds bytes; complete lines become available through `nextLine()`.
    mutating func feed(_ bytes: [UInt8]) {
        if readyIndex >= ready.count { ready.removeAll(keepingCapacity: true); readyIndex = 0 }
        var start = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            var line = pending
            line.append(contentsOf: bytes[start..<i])
            pending.removeAll(keepingCapacity: true)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            ready.append(line)
            start = i + 1
        }
        pending.append(contentsOf: bytes[start...])
    }

    /// At end of input: the unterminated last line, if any.
    mutating func finish() -> [UInt8]? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        return pending
    }
}
