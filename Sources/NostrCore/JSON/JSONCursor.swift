/// A forward-only reader over UTF-8 JSON bytes: the one place JSON syntax (RFC 8259) is decided.
///
/// Events, filters and wire messages read through it field by field without building a
/// `JSONValue` first, so the hot path allocates only what the result keeps.
struct JSONCursor {
    let buf: UnsafeBufferPointer<UInt8>
    let end: Int
    var pos: Int = 0
    /// Set when whitespace was skipped; the event parser uses it to know a raw `tags` slice is compact.
    var sawWhitespace = false
    /// Set when a string used an escape that NIP-01 would write differently (`\/`, `\u00e9`, `\u000a`…),
    /// so its raw bytes cannot stand in for the canonical serialization.
    var nonCanonical = false
    private var scratch: [UInt8] = []

    /// Objects and arrays nested deeper than this are rejected, so hostile input cannot exhaust the stack.
    static let maxDepth = 512

    init(_ buf: UnsafeBufferPointer<UInt8>) {
        self.buf = buf
        self.end = buf.count
    }

    // MARK: bytes

    @inline(__always)
    mutating func skipWhitespace() {
        while pos < end {
            let c = buf[pos]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos += 1
            sawWhitespace = true
        }
    }

    /// The next byte after whitespace, not consumed.
    @inline(__always)
    mutating func peek() throws(JSONError) -> UInt8 {
        skipWhitespace()
        guard pos < end else { throw JSONError(position: pos, reason: .unexpectedEnd) }
        return buf[pos]
    }

    /// Consumes `byte` (after whitespace) or throws.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(JSONError) {
        let c = try peek()
        guard c == byte else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        pos += 1
    }

    /// Consumes `byte` (after whitespace) when it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) throws(JSONError) -> Bool {
        guard try peek() == byte else { return false }
        pos += 1
        return true
    }

    /// Throws `.trailingData` unless only whitespace is left.
    mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        guard pos == end else { throw JSONError(position: pos, reason: .trailingData) }
    }

    /// After an element: `true` when a `,` follows, `false` at `close`; anything else throws.
    @inline(__always)
    mutating func nextElement(close: UInt8) throws(JSONError) -> Bool {
        let c = try peek()
        pos += 1
        if c == 0x2C { return true }
        if c == close { return false }
        throw JSONError(position: pos - 1, reason: .unexpectedByte(c))
    }

    // MARK: strings

    /// Reads a string without decoding it: the byte range of its contents when they hold no escape
    /// (hex fields), or `nil` when they do. Control characters are rejected; UTF-8 is not checked.
    mutating func readPlainStringRange() throws(JSONError) -> Range<Int>? {
        let c = try peek()
        guard c == 0x22 else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        let start = pos + 1
        var i = start
        while i < end {
            let b = buf[i]
            if b == 0x22 { pos = i + 1; return start..<i }
            if b == 0x5C { _ = try readString(); return nil }
            if b < 0x20 { throw JSONError(position: i, reason: .controlCharacterInString) }
            i += 1
        }
        throw JSONError(position: end, reason: .unexpectedEnd)
    }

    /// Reads and decodes a string, resolving every escape; lone surrogates and bad UTF-8 throw.
    mutating func readString() throws(JSONError) -> String {
        let c = try peek()
        guard c == 0x22 else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        let start = pos + 1
        var i = start
        var ascii = true
        while i < end {
            let b = buf[i]
            if b <= 0x5C {
                if b == 0x22 {
                    pos = i + 1
                    return try makeString(start..<i, ascii: ascii)
                }
                if b == 0x5C { return try readEscapedString(start: start, escapeAt: i, ascii: ascii) }
                if b < 0x20 { throw JSONError(position: i, reason: .controlCharacterInString) }
            } else if b >= 0x80 {
                ascii = false
            }
            i += 1
        }
        throw JSONError(position: end, reason: .unexpectedEnd)
    }

    @inline(__always)
    private func makeString(_ r: Range<Int>, ascii: Bool) throws(JSONError) -> String {
        let slice = UnsafeBufferPointer(rebasing: buf[r])
        if ascii { return String(decoding: slice, as: UTF8.self) }
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw JSONError(position: r.lowerBound + Self.firstInvalidUTF8(slice), reason: .invalidUTF8)
        }
        return s
    }

    private mutating func readEscapedString(start: Int, escapeAt: Int, ascii: Bool) throws(JSONError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<escapeAt]))
        var rawNonASCII = !ascii
        var i = escapeAt
        while i < end {
            let b = buf[i]
            if b == 0x22 {
                pos = i + 1
                if rawNonASCII {
                    guard let s = String(validating: scratch, as: UTF8.self) else {
                        throw JSONError(position: start, reason: .invalidUTF8)
                    }
                    return s
                }
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == 0x5C {
                i = try readEscape(at: i)
                continue
            }
            if b < 0x20 { throw JSONError(position: i, reason: .controlCharacterInString) }
            if b >= 0x80 { rawNonASCII = true }
            scratch.append(b)
            i += 1
        }
        throw JSONError(position: end, reason: .unexpectedEnd)
    }

    /// Decodes the escape at `i` (a backslash) into `scratch`; returns the index after it.
    private mutating func readEscape(at i: Int) throws(JSONError) -> Int {
        guard i + 1 < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        switch buf[i + 1] {
        case 0x22: scratch.append(0x22)
        case 0x5C: scratch.append(0x5C)
        case 0x2F: scratch.append(0x2F); nonCanonical = true  // NIP-01 writes '/' verbatim
        case 0x62: scratch.append(0x08)
        case 0x66: scratch.append(0x0C)
        case 0x6E: scratch.append(0x0A)
        case 0x72: scratch.append(0x0D)
        case 0x74: scratch.append(0x09)
        case 0x75: return try readUnicodeEscape(at: i)
        default: throw JSONError(position: i, reason: .invalidEscape)
        }
        return i + 2
    }

    private mutating func readUnicodeEscape(at i: Int) throws(JSONError) -> Int {
        let (unit, upper) = try hex4(at: i + 2)
        var next = i + 6
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < end, buf[next] == 0x5C, buf[next + 1] == 0x75 else {
                throw JSONError(position: i, reason: .loneSurrogate)
            }
            let (low, _) = try hex4(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONError(position: i, reason: .loneSurrogate) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            next += 6
            nonCanonical = true
        case 0xDC00...0xDFFF:
            throw JSONError(position: i, reason: .loneSurrogate)
        default:
            scalarValue = unit
            // NIP-01 writes \u00xx (lower-case) only for control characters without a short escape.
            switch unit {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x20...: nonCanonical = true
            default: if upper { nonCanonical = true }
            }
        }
        JSONWriter.appendUTF8(scalarValue, to: &scratch)
        return next
    }

    /// Four hex digits at `i`, and whether any was upper-case.
    private func hex4(at i: Int) throws(JSONError) -> (UInt32, Bool) {
        guard i + 4 <= end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        var v: UInt32 = 0
        var upper = false
        for k in i..<(i + 4) {
            let c = buf[k]
            guard let n = Hex.nibble(c) else { throw JSONError(position: k, reason: .invalidUnicodeEscape) }
            if c >= 0x41 && c <= 0x46 { upper = true }
            v = v << 4 | UInt32(n)
        }
        return (v, upper)
    }

    /// Offset of the first byte that breaks UTF-8 in `bytes` (error reporting only).
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let n: Int
            switch b {
            case 0x00...0x7F: n = 1
            case 0xC2...0xDF: n = 2
            case 0xE0...0xEF: n = 3
            case 0xF0...0xF4: n = 4
            default: return i
            }
            guard i + n <= bytes.count,
                  String(validating: UnsafeBufferPointer(rebasing: bytes[i..<(i + n)]), as: UTF8.self) != nil
            else { return i }
            i += n
        }
        return 0
    }

    // MARK: numbers

    /// A JSON number: exact when it is an integer that fits `Int64`.
    enum Number { case int(Int64), double(Double) }

    /// Reads a number in RFC 8259 syntax.
    mutating func readNumber() throws(JSONError) -> Number {
        _ = try peek()
        let start = pos
        var i = pos
        var negative = false
        if buf[i] == 0x2D { negative = true; i += 1 }
        guard i < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        let first = buf[i]
        guard first >= 0x30 && first <= 0x39 else { throw JSONError(position: i, reason: .invalidNumber) }
        // RFC 8259 §6: no leading zeros.
        var value: Int64 = 0
        var overflow = false
        if first == 0x30 {
            i += 1
        } else {
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 {
                let d = Int64(buf[i] &- 0x30)
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
                if o1 || o2 { overflow = true }
                value = s
                i += 1
            }
        }
        var isInteger = true
        if i < end, buf[i] == 0x2E {
            isInteger = false
            i += 1
            let digits = i
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 { i += 1 }
            guard i > digits else { throw JSONError(position: i, reason: i < end ? .invalidNumber : .unexpectedEnd) }
        }
        if i < end, buf[i] == 0x65 || buf[i] == 0x45 {
            isInteger = false
            i += 1
            if i < end, buf[i] == 0x2B || buf[i] == 0x2D { i += 1 }
            let digits = i
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 { i += 1 }
            guard i > digits else { throw JSONError(position: i, reason: i < end ? .invalidNumber : .unexpectedEnd) }
        }
        pos = i
        if isInteger && !overflow { return .int(value) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw JSONError(position: start, reason: .invalidNumber) }
        return .double(d)
    }

    // MARK: values

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n {
            guard pos + k < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
            guard buf[pos + k] == w[k] else { throw JSONError(position: pos + k, reason: .unexpectedByte(buf[pos + k])) }
        }
        pos += n
        return value
    }

    /// Reads any value; `depth` counts the containers around it.
    mutating func readValue(depth: Int = 0) throws(JSONError) -> JSONValue {
        let c = try peek()
        switch c {
        case 0x22: return .string(try readString())
        case 0x7B: return try readObject(depth: depth + 1)
        case 0x5B: return try readArray(depth: depth + 1)
        case 0x74: return try literal("true", .bool(true))
        case 0x66: return try literal("false", .bool(false))
        case 0x6E: return try literal("null", .null)
        case 0x2D, 0x30...0x39:
            switch try readNumber() {
            case let .int(i): return .int(i)
            case let .double(d): return .double(d)
            }
        default: throw JSONError(position: pos, reason: .unexpectedByte(c))
        }
    }

    private mutating func readArray(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw JSONError(position: pos, reason: .tooDeep(limit: Self.maxDepth)) }
        pos += 1
        var items: [JSONValue] = []
        if try consume(0x5D) { return .array(items) }
        repeat { items.append(try readValue(depth: depth)) } while try nextElement(close: 0x5D)
        return .array(items)
    }

    private mutating func readObject(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw JSONError(position: pos, reason: .tooDeep(limit: Self.maxDepth)) }
        pos += 1
        var members: [String: JSONValue] = [:]
        if try consume(0x7D) { return .object(members) }
        repeat {
            let keyAt = pos
            let key = try readString()
            try expect(0x3A)
            let value = try readValue(depth: depth)
            guard members.updateValue(value, forKey: key) == nil else {
                throw JSONError(position: keyAt, reason: .duplicateKey(key))
            }
        } while try nextElement(close: 0x7D)
        return .object(members)
    }

    /// Skips one value of any kind, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(JSONError) {
        let c = try peek()
        switch c {
        case 0x22: _ = try readPlainStringRange()
        case 0x7B, 0x5B:
            guard depth < Self.maxDepth else { throw JSONError(position: pos, reason: .tooDeep(limit: Self.maxDepth)) }
            let close: UInt8 = c == 0x7B ? 0x7D : 0x5D
            pos += 1
            if try consume(close) { return }
            repeat {
                if c == 0x7B {
                    _ = try readPlainStringRange()
                    try expect(0x3A)
                }
                try skipValue(depth: depth + 1)
            } while try nextElement(close: close)
        default: _ = try readValue(depth: depth)
        }
    }
}

extension JSONCursor {
    /// Runs `body` on a cursor over `bytes`, copying only when they are not contiguous.
    static func with<R, E: Error>(_ bytes: some Collection<UInt8>,
                                  _ body: (inout JSONCursor) throws(E) -> R) throws(E) -> R {
        var result: Result<R, E>?
        _ = bytes.withContiguousStorageIfAvailable { buf in
            var c = JSONCursor(buf)
            do throws(E) { result = .success(try body(&c)) } catch { result = .failure(error) }
        }
        if result == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { buf in
                var c = JSONCursor(buf)
                do throws(E) { result = .success(try body(&c)) } catch { result = .failure(error) }
            }
        }
        guard let result else { preconditionFailure("a contiguous copy always yields a result") }
        return try result.get()
    }

    /// Runs `body` on a cursor over the UTF-8 of `text`.
    static func with<R, E: Error>(_ text: String, _ body: (inout JSONCursor) throws(E) -> R) throws(E) -> R {
        var t = text
        let result: Result<R, E> = t.withUTF8 { buf in
            var c = JSONCursor(buf)
            do throws(E) { return .success(try body(&c)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
