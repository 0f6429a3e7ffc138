import Glibc
import Synchronization

/// A command's view of the outside world: stdout (buffered, one JSON per line), stderr logs that
/// honour `-q`/`-v`, stdin as JSON items or lines, the environment, and the failed-item count
/// that turns a successful run into exit 123.
final class IO: Sendable {
    /// `-q` / `-v`.
    let output: OutputOptions
    /// The process environment (`NOSTR_SECRET_KEY`, `NOSTR_PASSWORD`, …).
    let environment: [String: String]
    /// Whether stdin is a terminal (then it is never read as input).
    let stdinIsTerminal: Bool
    /// Whether stdout is a terminal.
    let stdoutIsTerminal: Bool
    /// Whether stderr is a terminal (progress output only then).
    let stderrIsTerminal: Bool

    private let outBuffer = Mutex<[UInt8]>([])
    private let stdoutClosed = Atomic<Bool>(false)
    private let failures = Atomic<Int>(0)
    private let stdinTaken = Atomic<Bool>(false)
    private static let flushThreshold = 64 * 1024

    init(output: OutputOptions, environment: [String: String]) {
        self.output = output
        self.environment = environment
        stdinIsTerminal = isatty(0) == 1
        stdoutIsTerminal = isatty(1) == 1
        stderrIsTerminal = isatty(2) == 1
    }

    // MARK: stdout

    /// Prints one line on stdout (a JSON object, a key, …).
    func print(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        write(bytes)
    }

    /// Appends raw bytes to stdout.
    func write(_ bytes: [UInt8]) {
        let full = outBuffer.withLock { buf -> [UInt8]? in
            buf.append(contentsOf: bytes)
            guard buf.count >= Self.flushThreshold || stdoutIsTerminal else { return nil }
            defer { buf.removeAll(keepingCapacity: true) }
            return buf
        }
        if let full { writeAll(1, full) }
    }

    /// Sends buffered stdout now (streaming commands call this after each event).
    func flush() {
        let pending = outBuffer.withLock { buf -> [UInt8] in
            defer { buf.removeAll(keepingCapacity: true) }
            return buf
        }
        if !pending.isEmpty { writeAll(1, pending) }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        if fd == 1 && stdoutClosed.load(ordering: .relaxed) { return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            // EPIPE (the reader went away, e.g. `| head`): stop writing, nothing else to do.
            if fd == 1 { stdoutClosed.store(true, ordering: .relaxed) }
            return
        }
    }

    // MARK: stderr

    /// A log line on stderr, unless `-q`.
    func log(_ message: String) {
        guard !output.quiet else { return }
        stderrLine(message)
    }

    /// A detail line on stderr, only with `-v`.
    func verbose(_ message: String) {
        guard output.verbose else { return }
        stderrLine(message)
    }

    /// An error line on stderr, printed even with `-q`.
    func error(_ message: String) {
        stderrLine(message)
    }

    /// Reports a bad stdin item on stderr and remembers it: the run then exits 123.
    func itemFailed(_ message: String) {
        failures.add(1, ordering: .relaxed)
        stderrLine(message)
    }

    /// How many items failed so far.
    var failedItems: Int { failures.load(ordering: .relaxed) }

    private func stderrLine(_ message: String) {
        // Keep stdout and stderr in order on a shared terminal.
        if stdoutIsTerminal { flush() }
        writeAll(2, Array((message + "\n").utf8))
    }

    // MARK: stdin

    /// Stdin as JSON items (none when stdin is a terminal). Stdin can be taken once.
    func jsonItems() -> JSONItems { JSONItems(reader: takeStdin()) }

    /// Like `jsonItems()`, but yields a single `nil` when there is no input at all (an empty stdin
    /// or a terminal), so the command runs once with its flags.
    func jsonItemsOrBlank() -> ItemsOrBlank<JSONItems> { ItemsOrBlank(base: jsonItems()) }

    /// Stdin as non-blank text lines (none when stdin is a terminal).
    func lines() -> InputLines { InputLines(reader: takeStdin()) }

    /// All of stdin (nil when it is a terminal).
    func readAll() async -> [UInt8]? {
        guard let reader = takeStdin() else { return nil }
        var all: [UInt8] = []
        while let chunk = await reader.next() { all.append(contentsOf: chunk) }
        return all
    }

    private func takeStdin() -> StdinReader? {
        guard !stdinIsTerminal, !stdinTaken.exchange(true, ordering: .relaxed) else { return nil }
        return StdinReader { [weak self] in self?.flush() }
    }
}
