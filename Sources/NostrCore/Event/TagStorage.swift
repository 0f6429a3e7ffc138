import Synchronization

/// An event's tags: either given as values, or left in the event's raw JSON until first asked for.
enum TagStorage: Sendable {
    case decoded([Tag])
    case deferred(DeferredTags)

    var tags: [Tag] {
        switch self {
        case let .decoded(t): t
        case let .deferred(d): d.tags
        }
    }

    /// The value of the first tag named `name` (nil when there is none or it has no value).
    func firstValue(named name: String) -> String? {
        switch self {
        case let .decoded(t): t.first { $0.name == name }?.value
        case let .deferred(d): d.firstValue(named: name)
        }
    }
}

/// Tags still in raw JSON (already validated by the parser), decoded once on first use.
final class DeferredTags: Sendable {
    private let raw: [UInt8]
    private let span: Range<Int>
    private let cache = Mutex<[Tag]?>(nil)

    init(raw: [UInt8], span: Range<Int>) {
        self.raw = raw
        self.span = span
    }

    var tags: [Tag] {
        cache.withLock { cached in
            if let cached { return cached }
            let decoded = raw.withUnsafeBufferPointer { buf in
                var c = JSONCursor(UnsafeBufferPointer(rebasing: buf[span]))
                // The parser validated these bytes, so decoding cannot fail; [] only guards the impossible.
                return (try? EventParser.decodeTags(&c)) ?? []
            }
            cached = decoded
            return decoded
        }
    }

    /// `firstValue` for tags not decoded yet is found in the raw JSON: a store's expiration and `d` look-ups
    /// then need not build a contact list's hundreds of tags (for versions that are never written).
    func firstValue(named name: String) -> String? {
        if let decoded = cache.withLock({ $0 }) { return decoded.first { $0.name == name }?.value }
        return raw.withUnsafeBufferPointer { buf in
            var c = JSONCursor(UnsafeBufferPointer(rebasing: buf[span]))
            // Validated by the parser: a failure here only guards the impossible, so fall back to decoding.
            guard let found = try? Self.scanFirstValue(&c, name: Array(name.utf8)) else {
                return tags.first { $0.name == name }?.value
            }
            return found
        }
    }

    /// `.some(nil)` when no tag has that name or the first one that does has no value.
    private static func scanFirstValue(_ c: inout JSONCursor, name: [UInt8]) throws(JSONError) -> String?? {
        try c.expect(0x5B)
        if try c.consume(0x5D) { return .some(nil) }
        repeat {
            try c.expect(0x5B)
            // An empty tag's name is "" (`Tag.name`).
            if try c.consume(0x5D) {
                if name.isEmpty { return .some(nil) }
                continue
            }
            let at = c.pos
            let matches: Bool
            if let r = try c.readPlainStringRange() {
                matches = r.count == name.count && name.withUnsafeBufferPointer { n in
                    UnsafeBufferPointer(rebasing: c.buf[r]).elementsEqual(n)
                }
            } else {
                c.pos = at
                matches = Array(try c.readString().utf8) == name
            }
            if matches { return try c.nextElement(close: 0x5D) ? .some(try c.readString()) : .some(nil) }
            while try c.nextElement(close: 0x5D) { try c.skipValue() }
        } while try c.nextElement(close: 0x5D)
        return .some(nil)
    }
}
