/// Why a readable, verified payload is deliberately not shown; the description is the `reason` field.
public enum SuppressReason: Sendable, Hashable, CustomStringConvertible {
    /// The account wrote the event itself.
    case ownEvent
    /// The author is on the account's kind 10000 mute list (`p`).
    case mutedAuthor
    /// The thread root or the referenced event is on the mute list (`e`).
    case mutedThread
    /// The text contains a muted word (`word`) or hashtag (`t`).
    case mutedWord
    /// `created_at` is older than `PushOptions.maxAge` allows.
    case tooOld
    /// The same event id was enriched within the dedupe window.
    case duplicate
    /// The event names no configured account (no `p` tag or note of one).
    case notForAccount
    /// The kind is not one that produces a notification.
    case unsupportedKind(Int)

    public var description: String {
        switch self {
        case .ownEvent: "own event"
        case .mutedAuthor: "muted author"
        case .mutedThread: "muted thread"
        case .mutedWord: "muted word"
        case .tooOld: "older than max age"
        case .duplicate: "duplicate"
        case .notForAccount: "not addressed to any account"
        case let .unsupportedKind(k): "kind \(k) is not notified"
        }
    }
}
