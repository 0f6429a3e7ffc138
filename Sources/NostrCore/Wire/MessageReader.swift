/// Reads the elements of a wire message array, mapping errors to `WireError`.
struct MessageReader {
    var c: JSONCursor
    /// Where the element read last starts, for error positions.
    var lastStart = 0

    private mutating func peek() throws(WireError) -> UInt8 {
        do throws(JSONError) { return try c.peek() } catch { throw .malformed(error) }
    }

    private mutating func expect(_ b: UInt8) throws(WireError) {
        do throws(JSONError) { try c.expect(b) } catch { throw .malformed(error) }
    }

    private mutating func expectEnd() throws(WireError) {
        do throws(JSONError) { try c.expectEnd() } catch { throw .malformed(error) }
    }

    /// Opens the array and reads the type label.
    mutating func begin() throws(WireError) -> String {
        guard try peek() == 0x5B else {
            throw .invalidElement(position: c.pos, element: "message", reason: "must be a JSON array")
        }
        c.pos += 1
        return try string("message type", first: true)
    }

    /// Consumes the `,` before the next element, or throws naming what is missing.
    mutating func next(_ element: String) throws(WireError) {
        if try peek() == 0x5D { throw .invalidElement(position: c.pos, element: element, reason: "is missing") }
        try expect(0x2C)
    }

    /// Whether another element follows (consumes its `,`).
    mutating func hasMore() throws(WireError) -> Bool {
        if try peek() == 0x5D { return false }
        try expect(0x2C)
        return true
    }

    /// Closes the array; extra elements and trailing data throw.
    mutating func end() throws(WireError) {
        if try peek() == 0x2C {
            throw .invalidElement(position: c.pos, element: "message", reason: "has more elements than its type allows")
        }
        try expect(0x5D)
        try expectEnd()
    }

    mutating func string(_ element: String, first: Bool = false) throws(WireError) -> String {
        if !first { try next(element) }
        let p = try peek()
        lastStart = c.pos
        guard p == 0x22 else {
            throw .invalidElement(position: c.pos, element: element, reason: "must be a string")
        }
        do throws(JSONError) { return try c.readString() } catch { throw .malformed(error) }
    }

    /// A NIP-01 subscription id: non-empty, at most 64 characters.
    mutating func subscriptionID() throws(WireError) -> String {
        let s = try string("subscription id")
        guard !s.isEmpty, s.count <= 64 else {
            throw .invalidElement(position: lastStart, element: "subscription id", reason: "must be 1 to 64 characters")
        }
        return s
    }

    mutating func event() throws(WireError) -> Event {
        try next("event")
        do throws(EventError) { return try EventParser.readEvent(&c) } catch { throw .invalidEvent(error) }
    }

    mutating func value(_ element: String) throws(WireError) -> JSONValue {
        try next(element)
        _ = try peek()
        lastStart = c.pos
        do throws(JSONError) { return try c.readValue(depth: 1) } catch { throw .malformed(error) }
    }

    /// One or more filters up to the end of the array.
    mutating func filters() throws(WireError) -> [Filter] {
        var out: [Filter] = []
        var v = try value("filter")
        while true {
            do throws(FilterError) { out.append(try Filter(json: v)) } catch { throw .invalidFilter(error) }
            guard try hasMore() else { break }
            do throws(JSONError) { v = try c.readValue(depth: 1) } catch { throw .malformed(error) }
        }
        try expect(0x5D)
        try expectEnd()
        return out
    }

    func invalid(_ element: String, _ reason: String, at: Int) -> WireError {
        .invalidElement(position: at, element: element, reason: reason)
    }

    /// Runs `body` over `bytes`.
    static func read<R>(_ buf: UnsafeBufferPointer<UInt8>, _ body: (inout MessageReader) throws(WireError) -> R) throws(WireError) -> R {
        var r = MessageReader(c: JSONCursor(buf))
        return try body(&r)
    }
}

/// Builds the bytes of a wire message.
struct MessageWriter {
    var out: [UInt8] = []

    init(_ type: String) {
        out.append(0x5B)
        JSONWriter.appendString(type, to: &out)
    }

    mutating func string(_ s: String) { out.append(0x2C); JSONWriter.appendString(s, to: &out) }
    mutating func raw(_ bytes: [UInt8]) { out.append(0x2C); out.append(contentsOf: bytes) }
    mutating func value(_ v: JSONValue) { out.append(0x2C); JSONWriter.appendValue(v, to: &out) }

    mutating func finish() -> [UInt8] {
        out.append(0x5D)
        return out
    }
}
