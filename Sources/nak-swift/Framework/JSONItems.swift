/// One item read from stdin: a JSON text (one line, or several lines of pretty JSON).
struct InputItem: Sendable {
    /// The JSON bytes, without the trailing newline.
    let bytes: [UInt8]
    /// The line it started on (1-based), for error messages.
    let line: Int
    /// The bytes as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Stdin as JSON items: each line is one item, and lines are joined while brackets stay open so
/// pretty-printed JSON works. Blank lines are skipped. Whether an item is valid JSON is for the
/// command to find out (and report with `io.itemFailed`).
struct JSONItems: AsyncSequence {
    typealias Element = InputItem
    let reader: StdinReader?

    struct AsyncIterator: AsyncIteratorProtocol {
        var lines: StdinLines

        mutating func next() async -> InputItem? {
            var acc: [UInt8] = []
            var scanner = JSONBalance()
            var startLine = 0
            while true {
                guard let line = await lines.next() else {
                    // End of input with an unbalanced item: hand it over so the command reports it.
                    return acc.isEmpty ? nil : InputItem(bytes: acc, line: startLine)
                }
                if acc.isEmpty {
                    guard line.contains(where: { !JSONBalance.isSpace($0) }) else { continue }
                    startLine = lines.lineNumber
                } else {
                    acc.append(UInt8(ascii: "\n"))
                }
                acc.append(contentsOf: line)
                scanner.feed(line)
                if scanner.isComplete { return InputItem(bytes: acc, line: startLine) }
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(lines: StdinLines(reader: reader)) }
}

/// Stdin as plain text lines (for `encrypt`, `key public`, …); blank lines are skipped.
struct InputLines: AsyncSequence {
    typealias Element = InputItem
    let reader: StdinReader?

    struct AsyncIterator: AsyncIteratorProtocol {
        var lines: StdinLines

        mutating func next() async -> InputItem? {
            while let line = await lines.next() {
                if line.contains(where: { !JSONBalance.isSpace($0) }) { return InputItem(bytes: line, line: lines.lineNumber) }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(lines: StdinLines(reader: reader)) }
}

/// Stdin split into lines as chunks arrive, counting them; both item sequences read through it.
struct StdinLines {
    let reader: StdinReader?
    private var splitter = LineSplitter()
    private var finished = false
    /// The number of the line last returned (1-based).
    private(set) var lineNumber = 0

    init(reader: StdinReader?) { self.reader = reader }

    /// The next line without its newline, or nil at the end of input (or when there is no stdin).
    mutating func next() async -> [UInt8]? {
        guard let reader else { return nil }
        while true {
            if let line = splitter.nextLine() { lineNumber += 1; return line }
            if finished { return nil }
            if let chunk = await reader.next() { splitter.feed(chunk); continue }
            finished = true
            guard let last = splitter.finish() else { return nil }
            lineNumber += 1
            return last
        }
    }
}

/// Wraps a sequence of items so that no item at all becomes one `nil` (run once with the flags).
struct ItemsOrBlank<Base: AsyncSequence>: AsyncSequence where Base.Element == InputItem {
    typealias Element = InputItem?
    let base: Base

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var yielded = false
        var done = false

        mutating func next() async throws -> InputItem?? {
            if done { return nil }
            if let item = try await base.next() { yielded = true; return .some(item) }
            done = true
            return yielded ? nil : .some(nil)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}

/// Tracks bracket depth outside strings to tell when joined lines form one complete JSON text.
struct JSONBalance {
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var sawValue = false

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0a }

    /// Whether what was fed is one closed value (or a scalar line, which is complete on its own).
    var isComplete: Bool { sawValue && depth <= 0 && !inString }

    mutating func feed(_ bytes: [UInt8]) {
        for c in bytes {
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true; sawValue = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; sawValue = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: if !Self.isSpace(c) { sawValue = true }
            }
        }
    }
}
