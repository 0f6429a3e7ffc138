#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor as non-blank lines, a block at a time (one file handle, closed in deinit).
final class JSONLReader {
    private let fd: Int32
    private let ownsFD: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false
    /// Bytes consumed as complete lines so far.
    private(set) var bytesRead = 0
    /// The file size when it is a regular file.
    let size: Int?
    private static let blockSize = 1 << 20

    /// Opens `path` for reading.
    init(path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, errno: errno) }
        self.fd = fd
        ownsFD = true
        var st = stat()
        size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : nil
    }

    deinit { if ownsFD { close(fd) } }

    /// Up to `max` next lines, and no more than about `maxBytes` (without `\n` or a trailing `\r`);
    /// empty at end of input.
    func next(_ max: Int, maxBytes: Int = .max, path: String) throws(StoreError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        out.reserveCapacity(Swift.min(max, 4096))
        let startBytes = bytesRead
        while out.count < max && bytesRead - startBytes < maxBytes {
            if let nl = newline(from: start) {
                append(buffer[start..<nl], to: &out)
                bytesRead += nl + 1 - start
                start = nl + 1
                continue
            }
            if eof {
                if start < buffer.count {
                    append(buffer[start...], to: &out)
                    bytesRead += buffer.count - start
                    start = buffer.count
                }
                break
            }
            try fill(path: path)
        }
        return out
    }

    /// The index of the next `\n` at or after `from` (memchr: this loop sees every input byte).
    private func newline(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBytes { buf -> Int? in
            guard let base = buf.baseAddress, let hit = memchr(base + from, 0x0A, buf.count - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
    }

    private func append(_ line: ArraySlice<UInt8>, to out: inout [[UInt8]]) {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        // Blank lines (only whitespace) are not items.
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        out.append(Array(line))
    }

    private func fill(path: String) throws(StoreError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var err: Int32 = 0
        let block = [UInt8](unsafeUninitializedCapacity: Self.blockSize) { buf, count in
            count = 0
            while true {
                let n = read(fd, buf.baseAddress, Self.blockSize)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { err = errno } else { count = n }
                break
            }
        }
        if err != 0 { throw .unreadable(path: path, errno: err) }
        if block.isEmpty { eof = true }
        buffer.append(contentsOf: block)
    }
}
