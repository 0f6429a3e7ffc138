/// One recipient of a zap split (NIP-57 Appendix G): `["zap", pubkey, relay, weight]`.
public struct ZapSplit: Sendable, Hashable {
    /// Who receives this share.
    public let pubkey: PublicKey
    /// Where to find their kind-0 (and so their lightning address).
    public let relay: String?
    /// The raw weight; nil when the tag has none.
    public let weight: Double?
    /// The share of the total, 0...1, after Appendix G's rules.
    public let share: Double

    /// The splits in an event's `zap` tags. Appendix G: without any weights, split equally; with some,
    /// receivers without a weight get nothing. Tags with an invalid key or weight are skipped.
    public static func splits(of event: Event) -> [ZapSplit] {
        var parsed = [(PublicKey, String?, Double?)]()
        for tag in event.tags where tag.name == "zap" {
            guard let hex = tag.value, let key = try? PublicKey(hex: hex) else { continue }
            let relay = tag[2].flatMap { $0.isEmpty ? nil : $0 }
            var weight: Double?
            if let w = tag[3] {
                guard let value = Double(w), value >= 0, value.isFinite else { continue }
                weight = value
            }
            parsed.append((key, relay, weight))
        }
        guard !parsed.isEmpty else { return [] }
        let anyWeight = parsed.contains { $0.2 != nil }
        let total = anyWeight ? parsed.reduce(0) { $0 + ($1.2 ?? 0) } : Double(parsed.count)
        return parsed.map { key, relay, weight in
            let part = anyWeight ? (weight ?? 0) : 1
            return ZapSplit(pubkey: key, relay: relay, weight: weight, share: total > 0 ? part / total : 0)
        }
    }
}
