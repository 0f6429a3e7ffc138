#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// NIP-17 private direct messages: kind 14/15 rumors, sealed and gift-wrapped (NIP-59) once per
/// participant. https://github.com/nostr-protocol/nips/blob/master/17.md
public enum NIP17 {
    /// The current Unix time in seconds, the default `created_at` of a new message.
    public static func now() -> Int64 { Int64(time(nil)) }

    /// The participants other than the author: the distinct `p` tags of `rumor` that are valid keys.
    public static func recipients(of rumor: UnsignedEvent) -> [PublicKey] {
        recipients(of: rumor, knownValid: { _ in false })
    }

    /// `recipients(of:)` where keys `knownValid` says are curve points skip the check (a square root each).
    static func recipients(of rumor: UnsignedEvent, knownValid: (PublicKey) -> Bool) -> [PublicKey] {
        var seen = Set<PublicKey>()
        var out: [PublicKey] = []
        for tag in rumor.tags where tag.name == "p" {
            guard let hex = tag.value, hex.utf8.count == 64, let bytes = Hex.decode(hex) else { continue }
            let key = PublicKey(unchecked: bytes)
            guard knownValid(key) || (try? ParsedPublicKey(key)) != nil else { continue }
            if seen.insert(key).inserted { out.append(key) }
        }
        return out
    }
}
