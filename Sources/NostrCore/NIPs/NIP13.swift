/// NIP-13 proof of work. https://github.com/nostr-protocol/nips/blob/master/13.md
public enum NIP13 {
    /// The number of leading zero bits of `id` (the event's difficulty).
    public static func leadingZeroBits(_ id: [UInt8]) -> Int {
        var total = 0
        for b in id {
            if b == 0 { total += 8; continue }
            return total + b.leadingZeroBitCount
        }
        return total
    }

    /// The difficulty (leading zero bits) of an event id.
    public static func difficulty(of id: EventID) -> Int { leadingZeroBits(id.bytes) }

    /// The target committed in the first `["nonce", n, target]` tag, if the tag has a numeric third field.
    public static func committedTarget(_ tags: [Tag]) -> Int? {
        guard let tag = tags.first(where: { $0.name == "nonce" }), let field = tag[2], let target = Int(field), target >= 0
        else { return nil }
        return target
    }

    /// The work an event can claim: its committed target when the id meets it, else 0. NIP-13
    /// "Querying relays": a committed target keeps a lucky low-effort hash from passing as more work.
    public static func committedDifficulty(id: EventID, tags: [Tag]) -> Int {
        guard let target = committedTarget(tags), difficulty(of: id) >= target else { return 0 }
        return target
    }
}
