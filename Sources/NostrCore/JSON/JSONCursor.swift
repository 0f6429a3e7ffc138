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

    /// Bytes that end a run of plain string content: `"`, `\\` or a control character. Each 8-byte
    /// word is tested at once (SWAR); the lowest flagged byte is always a real hit, because the
    /// borrow that causes false positives only runs upward from a real one.
    @inline(__always)
    private static func stopMask(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let q = x ^ (ones &* 0x22), b = x ^ (ones &* 0x5C)
        return (((q &- ones) & ~q) | ((b &- ones) & ~b) | ((x &- ones &* 0x20) & ~x)) & high
    }

    /// The index of the first `"`, `\\` or control byte at or after `from` (or `end`); ORs the bytes
    /// it passed (perhaps a few more) into `seen`, so `seen & 0x80…` tells whether any was non-ASCII.
    @inline(__always)
    private func scanPlain(_ from: Int, _ seen: inout UInt64) -> Int {
        var i = from
        if let base = buf.baseAddress {
            while i &+ 8 <= end {
                let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                seen |= x
                let m = Self.stopMask(x)
                if m != 0 { return i + m.trailingZeroBitCount >> 3 }
                i &+= 8
            }
        }
        while i < end {
            let b = buf[i]
            if b == 0x22 || b == 0x5C || b < 0x20 { return i }
            seen |= UInt64(b)
            i &+= 1
        }
        return end
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Reads a string without decoding it: the byte range of its contents when they hold no escape
    /// (hex fields), or `nil` when they do. Control characters are rejected; UTF-8 is not checked.
    mutating func readPlainStringRange() throws(JSONError) -> Range<Int>? {
        let c = try peek()
        guard c == 0x22 else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        let start = pos + 1
        var seen: UInt64 = 0
        let i = scanPlain(start, &seen)
        guard i < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        switch buf[i] {
        case 0x22:
            pos = i + 1
            return start..<i
        case 0x5C:
            _ = try readString()
            return nil
        default:
            throw JSONError(position: i, reason: .controlCharacterInString)
        }
    }

    /// Reads and decodes a string, resolving every escape; lone surrogates and bad UTF-8 throw.
    mutating func readString() throws(JSONError) -> String {
        let c = try peek()
        guard c == 0x22 else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        let start = pos + 1
        var seen: UInt64 = 0
        let i = scanPlain(start, &seen)
        guard i < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        switch buf[i] {
        case 0x22:
            pos = i + 1
            return try makeString(start..<i, ascii: seen & Self.highBits == 0)
        case 0x5C:
            return try readEscapedString(start: start, escapeAt: i, ascii: seen & Self.highBits == 0)
        default:
            throw JSONError(position: i, reason: .controlCharacterInString)
        }
    }

    @inline(__always)
    private func makeString(_ r: Range<Int>, ascii: Bool) throws(JSONError) -> String {
        let slice = UnsafeBufferPointer(rebasing: buf[r])
        if ascii { return String(decoding: slice, as: UTF8.self) }
        guard let s = String(validating: slice, as: UTF8.self) else {
            throw JSONError(position: r.lowerBound + (UTF8Check.firstInvalid(slice) ?? 0), reason: .invalidUTF8)
        }
        return s
    }

    private mutating func readEscapedString(start: Int, escapeAt: Int, ascii: Bool) throws(JSONError) -> String {
        // Unescaping only shrinks, so the raw length bounds the output: decode into a temporary
        // buffer (on the stack when small) and make the String once.
        var seen: UInt64 = ascii ? 0 : 0x80
        var closing = -1
        var k = escapeAt
        while k < end {
            let b = buf[k]
            if b == 0x22 { closing = k; break }
            k = b == 0x5C ? k + 2 : k + 1
            if k < end { k = scanPlain(k, &seen) }
        }
        guard closing >= 0 else { throw JSONError(position: end, reason: .unexpectedEnd) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: closing - start) { out throws(JSONError) -> String in
            var n = escapeAt - start
            _ = out.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: buf[start..<escapeAt]))
            var i = escapeAt
            while true {
                // buf[i] is a backslash here.
                i = try readEscape(at: i, into: out, &n)
                let runEnd = scanPlain(i, &seen)
                if runEnd > i {
                    let run = UnsafeBufferPointer(rebasing: buf[i..<runEnd])
                    _ = UnsafeMutableBufferPointer(rebasing: out[n..<(n + run.count)]).initialize(fromContentsOf: run)
                    n += run.count
                }
                guard runEnd < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
                i = runEnd
                switch buf[i] {
                case 0x22:
                    pos = i + 1
                    let decoded = UnsafeBufferPointer(rebasing: out[0..<n])
                    if seen & Self.highBits != 0 {
                        guard let s = String(validating: decoded, as: UTF8.self) else {
                            throw JSONError(position: start, reason: .invalidUTF8)
                        }
                        return s
                    }
                    return String(decoding: decoded, as: UTF8.self)
                case 0x5C:
                    continue
                default:
                    throw JSONError(position: i, reason: .controlCharacterInString)
                }
            }
        }
    }

    /// Decodes the escape at `i` (a backslash) into `out` at `n`; returns the index after it.
    private mutating func readEscape(at i: Int, into out: UnsafeMutableBufferPointer<UInt8>, _ n: inout Int) throws(JSONError) -> Int {
        let (next, scalar) = try decodeEscape(at: i)
        // At most 4 bytes from at least 2 escaped ones (a 4-byte scalar needs 12), so `out` has room.
        n += JSONWriter.writeUTF8(scalar, to: UnsafeMutableBufferPointer(rebasing: out[n...]))
        return next
    }

    /// The scalar an escape at `i` (a backslash) stands for, and the index after it. Notes in
    /// `nonCanonical` when NIP-01 would have written the character differently.
    private mutating func decodeEscape(at i: Int) throws(JSONError) -> (Int, UInt32) {
        guard i + 1 < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
        switch buf[i + 1] {
        case 0x22: return (i + 2, 0x22)
        case 0x5C: return (i + 2, 0x5C)
        case 0x2F: nonCanonical = true; return (i + 2, 0x2F)  // NIP-01 writes '/' verbatim
        case 0x62: return (i + 2, 0x08)
        case 0x66: return (i + 2, 0x0C)
        case 0x6E: return (i + 2, 0x0A)
        case 0x72: return (i + 2, 0x0D)
        case 0x74: return (i + 2, 0x09)
        case 0x75: break
        default: throw JSONError(position: i, reason: .invalidEscape)
        }
        let (unit, upper) = try hex4(at: i + 2)
        switch unit {
        case 0xD800...0xDBFF:
            let next = i + 6
            guard next + 1 < end, buf[next] == 0x5C, buf[next + 1] == 0x75 else {
                throw JSONError(position: i, reason: .loneSurrogate)
            }
            let (low, _) = try hex4(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONError(position: i, reason: .loneSurrogate) }
            nonCanonical = true
            return (next + 6, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF:
            throw JSONError(position: i, reason: .loneSurrogate)
        default:
            // NIP-01 writes \u00xx (lower-case) only for control characters without a short escape.
            switch unit {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x20...: nonCanonical = true
            default: if upper { nonCanonical = true }
            }
            return (i + 6, unit)
        }
    }

    /// Checks a string's syntax, escapes and UTF-8 without decoding it or allocating.
    mutating func skipString() throws(JSONError) {
        let c = try peek()
        guard c == 0x22 else { throw JSONError(position: pos, reason: .unexpectedByte(c)) }
        var i = pos + 1
        while true {
            var seen: UInt64 = 0
            let stop = scanPlain(i, &seen)
            guard stop < end else { throw JSONError(position: end, reason: .unexpectedEnd) }
            if seen & Self.highBits != 0 {
                let segment = UnsafeBufferPointer(rebasing: buf[i..<stop])
                if let bad = UTF8Check.firstInvalid(segment) { throw JSONError(position: i + bad, reason: .invalidUTF8) }
            }
            switch buf[stop] {
            case 0x22:
                pos = stop + 1
                return
            case 0x5C:
                i = try decodeEscape(at: stop).0
            default:
                throw JSONError(position: stop, reason: .controlCharacterInString)
            }
        }
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
