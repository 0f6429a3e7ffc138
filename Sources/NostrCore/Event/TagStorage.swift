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
}
