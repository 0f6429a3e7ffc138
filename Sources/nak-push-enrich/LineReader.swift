import Glibc

/// Lines of standard input (without `\n` or a trailing `\r`), read with plain `read(2)`.
struct LineReader {
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false
    private static let chunk = 64 * 1024

    /// Whether a complete line is already buffered (so the caller need not flush before it).
    var hasBufferedLine: Bool { newline(from: start) != nil }

    /// The index of the first `\n` at or after `from`, found with `memchr` (a byte-wise Swift loop was a
    /// visible part of a stream's per-payload cost).
    private func newline(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base + from, 0x0A, raw.count - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
    }

    /// The next line, or nil at the end of input.
    mutating func next() -> [UInt8]? {
        while true {
            if let nl = newline(from: start) {
                var end = nl
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = nl + 1
                return line
            }
            if eof {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            eof = !Self.readChunk(into: &buffer)
        }
    }

    /// All of standard input.
    static func readAll() -> [UInt8] {
        var all: [UInt8] = []
        while readChunk(into: &all) {}
        return all
    }

    /// Appends up to one chunk; false at end of input or on an error.
    private static func readChunk(into buffer: inout [UInt8]) -> Bool {
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + old, chunk) }
            if n < 0 && errno == EINTR { continue }
            buffer.removeSubrange((old + max(n, 0))...)
            return n > 0
        }
    }
}
