/// What a notification is about; the raw value is the `category` field of the output JSON.
public enum PushCategory: String, Sendable, Hashable, CaseIterable {
    /// A private message: NIP-17 kind 14/15 inside a gift wrap, or a NIP-04 kind 4.
    case dm
    /// A note replying to one of the account's notes.
    case reply
    /// A note naming the account (`p` tag or `nostr:` mention) that is not a reply to it.
    case mention
    /// A NIP-25 reaction (kind 7) to the account's note.
    case reaction
    /// A repost (kind 6, or generic kind 16) of the account's note.
    case repost
    /// A validated NIP-57 zap receipt (kind 9735) paying the account.
    case zap
    /// A kind 23903 wake-up naming an event too large to push, not found in the cache.
    case wake
}
