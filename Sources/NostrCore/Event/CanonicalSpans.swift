/// Byte ranges inside an event's `raw` JSON whose bytes are exactly what NIP-01's serialization
/// writes for `tags` and `content` (compact, only canonical escapes), so hashing can copy them.
struct CanonicalSpans: Sendable, Hashable {
    /// The `tags` array, brackets included.
    let tags: Range<Int>
    /// The `content` string, quotes included.
    let content: Range<Int>
}
