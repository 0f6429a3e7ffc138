#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// NIP-59 gift wrap: a rumor (unsigned event) sealed by its author (kind 13) and wrapped with a
/// one-time key (kind 1059), both layers NIP-44 v2. https://github.com/nostr-protocol/nips/blob/master/59.md
public enum NIP59 {
    /// Two days: how far into the past seal and wrap timestamps are pushed ("Other Considerations").
    public static let maxTimestampTweak: Int64 = 2 * 24 * 60 * 60

    /// A `created_at` uniformly random within the last two days, never in the future because some
    /// relays refuse future events (NIP-59 "Other Considerations").
    public static func randomPastTimestamp(now: Int64 = Int64(time(nil))) -> Int64 {
        now - Int64(SecureRandom.uniform(UInt32(maxTimestampTweak)))
    }

    /// Whether `kind` is a gift wrap: 1059, or 21059 (the ephemeral variant, NIP-59 §4).
    public static func isGiftWrap(_ kind: Kind) -> Bool { kind == .giftWrap || kind == .ephemeralGiftWrap }
}

extension Kind {
    /// NIP-59 ephemeral gift wrap (relays do not store it).
    public static let ephemeralGiftWrap: Kind = 21059
}
