/// Reads an event object field by field straight from the bytes (NIP-01 shape), without a
/// `JSONValue` in between. Shared by `Event(json:)`, `UnsignedEvent(json:)` and the wire messages.
enum EventParser {
    /// The fields of one event object as read; which are required is up to the caller.
    struct Fields {
        var id: EventID?
        var pubkey: PublicKey?
        var createdAt: Int64?
        var kind: Kind?
        var tags: [Tag]?
        /// Where `tags` is in the input when it was only validated (`deferTags`).
        var tagsRange: Range<Int>?
        var content: String?
        var sig: [UInt8]?
        /// The object's bytes in the input.
        var object: Range<Int> = 0..<0
        /// Input ranges of `tags` and `content` when their raw bytes are already canonical.
        var tagsSpan: Range<Int>?
        var contentSpan: Range<Int>?
        /// Reading stopped at `kind` because the caller's `until` said so; later fields are unread.
        var stoppedAtKind = false
    }

    /// Reads a complete signed event at the cursor, keeping its raw bytes.
    static func readEvent(_ c: inout JSONCursor) throws(EventError) -> Event {
        let f = try readFields(&c)
        guard let id = f.id else { throw .invalidField("id", "is missing") }
        guard let pubkey = f.pubkey else { throw .invalidField("pubkey", "is missing") }
        guard let createdAt = f.createdAt else { throw .invalidField("created_at", "is missing") }
        guard let kind = f.kind else { throw .invalidField("kind", "is missing") }
        guard let tagsRange = f.tagsRange else { throw .invalidField("tags", "is missing") }
        guard let content = f.content else { throw .invalidField("content", "is missing") }
        guard let sig = f.sig else { throw .invalidField("sig", "is missing") }
        let base = f.object.lowerBound
        let raw = Array(UnsafeBufferPointer(rebasing: c.buf[f.object]))
        let tags: TagStorage
        if tagsRange.count == 2 {
            tags = .decoded([])
        } else {
            tags = .deferred(DeferredTags(raw: raw, span: (tagsRange.lowerBound - base)..<(tagsRange.upperBound - base)))
        }
        var spans: CanonicalSpans?
        if let t = f.tagsSpan, let s = f.contentSpan {
            spans = CanonicalSpans(tags: (t.lowerBound - base)..<(t.upperBound - base),
                                   content: (s.lowerBound - base)..<(s.upperBound - base))
        }
        return Event(id: id, pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content,
                     sig: sig, raw: raw, spans: spans)
    }

    /// Reads an event object at the cursor; every field is optional here. With `deferTags` the
    /// tags are only validated and located (`tagsRange`), not built. When `until` returns true for the
    /// kind, reading stops right after it (`stoppedAtKind`): a second `kind` would be refused as appearing
    /// twice, so the rest of the object can only make the event invalid, never give it another kind.
    static func readFields(_ c: inout JSONCursor, deferTags: Bool = true,
                           until: ((Kind) -> Bool)? = nil) throws(EventError) -> Fields {
        var f = Fields()
        do {
            guard try c.peek() == 0x7B else { throw EventError.invalidField("event", "must be a JSON object") }
            let start = c.pos
            c.pos += 1
            if try !c.consume(0x7D) {
                repeat {
                    try readMember(&c, into: &f, deferTags: deferTags)
                    if let until, let kind = f.kind, until(kind) {
                        f.stoppedAtKind = true
                        return f
                    }
                } while try c.nextElement(close: 0x7D)
            }
            f.object = start..<c.pos
        } catch let e as JSONError {
            throw .malformed(e)
        } catch let e as EventError {
            throw e
        } catch {
            preconditionFailure("unreachable: \(error)")
        }
        return f
    }

    private enum Key { case id, pubkey, createdAt, kind, tags, content, sig, other }

    private static func key(_ c: JSONCursor, _ r: Range<Int>) -> Key {
        let n = r.count
        guard n >= 2 && n <= 10 else { return .other }
        // Up to eight key bytes as one little-endian integer, compared with the field names packed alike.
        var v: UInt64 = 0
        for k in 0..<min(n, 8) { v |= UInt64(c.buf[r.lowerBound + k]) << (8 * k) }
        switch (n, v) {
        case (2, 0x6469): return .id  // "id"
        case (3, 0x67_6973): return .sig  // "sig"
        case (4, 0x646E_696B): return .kind  // "kind"
        case (4, 0x7367_6174): return .tags  // "tags"
        case (6, 0x7965_6B62_7570): return .pubkey  // "pubkey"
        case (7, 0x74_6E65_746E_6F63): return .content  // "content"
        case (10, 0x5F64_6574_6165_7263):  // "created_" + "at"
            return c.buf[r.lowerBound + 8] == 0x61 && c.buf[r.lowerBound + 9] == 0x74 ? .createdAt : .other
        default: return .other
        }
    }

    private static func readMember(_ c: inout JSONCursor, into f: inout Fields, deferTags: Bool) throws(any Error) {
        let keyAt = c.pos
        let which: Key
        if let r = try c.readPlainStringRange() {
            which = key(c, r)
        } else {
            // An escaped key ("\u0069d") is legal JSON; decode it the slow way.
            c.pos = keyAt
            let name = try c.readString()
            var tmp = name
            which = tmp.withUTF8 { buf in key(JSONCursor(buf), 0..<buf.count) }
        }
        try c.expect(0x3A)
        switch which {
        case .id:
            guard f.id == nil else { throw EventError.invalidField("id", "appears twice") }
            f.id = try readID(&c)
        case .pubkey:
            guard f.pubkey == nil else { throw EventError.invalidField("pubkey", "appears twice") }
            f.pubkey = PublicKey(unchecked: try readHexArray(&c, bytes: 32, field: "pubkey"))
        case .sig:
            guard f.sig == nil else { throw EventError.invalidField("sig", "appears twice") }
            f.sig = try readHexArray(&c, bytes: 64, field: "sig")
        case .createdAt:
            guard f.createdAt == nil else { throw EventError.invalidField("created_at", "appears twice") }
            let n = try readInteger(&c, field: "created_at")
            guard n >= 0 else { throw EventError.invalidField("created_at", "must not be negative") }
            f.createdAt = n
        case .kind:
            guard f.kind == nil else { throw EventError.invalidField("kind", "appears twice") }
            let n = try readInteger(&c, field: "kind")
            // NIP-01: "kind: integer between 0 and 65535".
            guard (0...65535).contains(n) else { throw EventError.invalidField("kind", "must be from 0 to 65535") }
            f.kind = Kind(Int(n))
        case .tags:
            guard f.tagsRange == nil else { throw EventError.invalidField("tags", "appears twice") }
            try readTags(&c, into: &f, build: !deferTags)
        case .content:
            guard f.content == nil else { throw EventError.invalidField("content", "appears twice") }
            guard try c.peek() == 0x22 else { throw EventError.invalidField("content", "must be a string") }
            let start = c.pos
            c.nonCanonical = false
            f.content = try c.readString()
            f.contentSpan = c.nonCanonical ? nil : start..<c.pos
        case .other:
            try c.skipValue(depth: 1)
        }
    }

    private static let badTags = EventError.invalidField("tags", "must be an array of arrays of strings")

    /// Validates the tags array (every string's escapes and UTF-8 included), building it only when asked.
    private static func readTags(_ c: inout JSONCursor, into f: inout Fields, build: Bool) throws(any Error) {
        guard try c.peek() == 0x5B else { throw badTags }
        let start = c.pos
        c.sawWhitespace = false
        c.nonCanonical = false
        if build {
            f.tags = try decodeTags(&c)
        } else {
            c.pos += 1
            if try !c.consume(0x5D) {
                repeat {
                    guard try c.peek() == 0x5B else { throw badTags }
                    c.pos += 1
                    if try !c.consume(0x5D) {
                        repeat {
                            guard try c.peek() == 0x22 else { throw badTags }
                            try c.skipString()
                        } while try c.nextElement(close: 0x5D)
                    }
                } while try c.nextElement(close: 0x5D)
            }
        }
        f.tagsRange = start..<c.pos
        f.tagsSpan = c.sawWhitespace || c.nonCanonical ? nil : start..<c.pos
    }

    /// Builds the tags from the array at the cursor.
    static func decodeTags(_ c: inout JSONCursor) throws(any Error) -> [Tag] {
        guard try c.peek() == 0x5B else { throw badTags }
        c.pos += 1
        var tags: [Tag] = []
        tags.reserveCapacity(8)
        if try !c.consume(0x5D) {
            repeat {
                guard try c.peek() == 0x5B else { throw badTags }
                c.pos += 1
                var fields: [String] = []
                fields.reserveCapacity(4)
                if try !c.consume(0x5D) {
                    repeat {
                        guard try c.peek() == 0x22 else { throw badTags }
                        fields.append(try c.readString())
                    } while try c.nextElement(close: 0x5D)
                }
                tags.append(Tag(fields))
            } while try c.nextElement(close: 0x5D)
        }
        return tags
    }

    /// Reads a string of exactly `out.count * 2` lower-case hex digits into `out`. The fast path
    /// expects the closing quote right after them; anything else is re-read to report why.
    private static func readHexField(_ c: inout JSONCursor, into out: UnsafeMutableRawBufferPointer, field: String) throws(any Error) {
        guard try c.peek() == 0x22 else { throw EventError.invalidField(field, "must be \(out.count * 2) lower-case hex characters") }
        let start = c.pos + 1, close = start + 2 * out.count
        if close < c.end, c.buf[close] == 0x22, LowerHex.decode(UnsafeBufferPointer(rebasing: c.buf[start..<close]), into: out) {
            c.pos = close + 1
            return
        }
        _ = try c.readPlainStringRange()  // malformed JSON is reported as such
        throw EventError.invalidField(field, "must be \(out.count * 2) lower-case hex characters")
    }

    private static func readHexArray(_ c: inout JSONCursor, bytes n: Int, field: String) throws(any Error) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n)
        var failure: (any Error)?
        out.withUnsafeMutableBytes { buf in
            do { try readHexField(&c, into: buf, field: field) } catch { failure = error }
        }
        if let failure { throw failure }
        return out
    }

    /// Reads the 64 lower-case hex digits of an id straight into inline storage.
    private static func readID(_ c: inout JSONCursor) throws(any Error) -> EventID {
        var tmp: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var failure: (any Error)?
        withUnsafeMutableBytes(of: &tmp) { buf in
            do { try readHexField(&c, into: buf, field: "id") } catch { failure = error }
        }
        if let failure { throw failure }
        return withUnsafeBytes(of: tmp) { EventID(raw: $0) }
    }

    /// Decodes lower-case hex (NIP-01 ids, keys and signatures are lower-case); nil on anything else.
    static func decodeLowerHex(_ hex: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard hex.count % 2 == 0 else { return nil }
        var ok = false
        let out = [UInt8](unsafeUninitializedCapacity: hex.count / 2) { out, count in
            ok = decodeLowerHex(hex, into: UnsafeMutableRawBufferPointer(out))
            count = hex.count / 2
        }
        return ok ? out : nil
    }

    /// Decodes `out.count * 2` lower-case hex digits into `out`; false on any other byte.
    static func decodeLowerHex(_ hex: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer) -> Bool {
        LowerHex.decode(hex, into: out)
    }

    /// 0–15 for '0'–'9' and 'a'–'f'; 0xFF for anything else (upper case included: NIP-01 ids are lower-case).
    @inline(__always)
    static func lowerHexNibble(_ c: UInt8) -> UInt8 {
        if c &- 0x30 < 10 { return c &- 0x30 }
        if c &- 0x61 < 6 { return c &- 0x61 &+ 10 }
        return 0xFF
    }

    private static func readInteger(_ c: inout JSONCursor, field: String) throws(any Error) -> Int64 {
        let p = try c.peek()
        guard p == 0x2D || (p >= 0x30 && p <= 0x39) else { throw EventError.invalidField(field, "must be an integer") }
        guard case let .int(n) = try c.readNumber() else { throw EventError.invalidField(field, "must be an integer") }
        return n
    }
}
