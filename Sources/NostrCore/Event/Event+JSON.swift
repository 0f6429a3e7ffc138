extension Event {
    /// Parses one event object, keeping its bytes as `raw`. Field types and hex lengths are
    /// checked (64/64/128 lower-case hex, integer `created_at` ≥ 0 and `kind` 0–65535); id and sig are not.
    @inlinable
    public init(json: some Collection<UInt8>) throws(EventError) {
        // Inlined so callers' concrete collections reach the byte parser without generic dispatch.
        let r = json.withContiguousStorageIfAvailable { Event.parseResult(utf8: $0) }
        self = try (r ?? Array(json).withUnsafeBufferPointer { Event.parseResult(utf8: $0) }).get()
    }

    @usableFromInline
    static func parseResult(utf8 buf: UnsafeBufferPointer<UInt8>) -> Result<Event, EventError> {
        var c = JSONCursor(buf)
        do throws(EventError) {
            let e = try EventParser.readEvent(&c)
            do throws(JSONError) { try c.expectEnd() } catch { throw .malformed(error) }
            return .success(e)
        } catch {
            return .failure(error)
        }
    }

    /// Parses one event object from text.
    public init(json: String) throws(EventError) {
        self = try JSONCursor.with(json) { (c: inout JSONCursor) throws(EventError) -> Event in
            let e = try EventParser.readEvent(&c)
            do throws(JSONError) { try c.expectEnd() } catch { throw .malformed(error) }
            return e
        }
    }

    /// The JSON: `raw` when parsed, else the compact object in NIP-01 field order.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The UTF-8 bytes of `json`.
    public var jsonBytes: [UInt8] {
        if let raw { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(400 + content.utf8.count)
        out.append(contentsOf: #"{"id":""#.utf8)
        out.append(contentsOf: id.hex.utf8)
        out.append(contentsOf: #"","pubkey":""#.utf8)
        out.append(contentsOf: pubkey.hex.utf8)
        out.append(contentsOf: #"","created_at":"#.utf8)
        JSONWriter.appendInt(createdAt, to: &out)
        out.append(contentsOf: #","kind":"#.utf8)
        JSONWriter.appendInt(Int64(kind.rawValue), to: &out)
        out.append(contentsOf: #","tags":"#.utf8)
        Tag.appendJSON(tags, to: &out)
        out.append(contentsOf: #","content":"#.utf8)
        JSONWriter.appendString(content, to: &out)
        out.append(contentsOf: #","sig":""#.utf8)
        out.append(contentsOf: Hex.encode(sig).utf8)
        out.append(contentsOf: #""}"#.utf8)
        return out
    }

    /// The event as a `JSONValue` object (for embedding in other documents).
    public var jsonValue: JSONValue {
        .object([
            "id": .string(id.hex), "pubkey": .string(pubkey.hex), "created_at": .int(createdAt),
            "kind": .int(Int64(kind.rawValue)), "tags": .array(tags.map { .array($0.fields.map(JSONValue.string)) }),
            "content": .string(content), "sig": .string(Hex.encode(sig)),
        ])
    }
}

extension Tag {
    /// Appends `[["a","b"],…]` with NIP-01 escaping.
    static func appendJSON(_ tags: [Tag], to out: inout [UInt8]) {
        out.append(0x5B)
        for (i, tag) in tags.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(0x5B)
            for (k, field) in tag.fields.enumerated() {
                if k > 0 { out.append(0x2C) }
                JSONWriter.appendString(field, to: &out)
            }
            out.append(0x5D)
        }
        out.append(0x5D)
    }
}
