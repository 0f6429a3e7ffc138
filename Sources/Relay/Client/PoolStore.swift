import NostrCore

/// Where a `RelayPool` keeps what it receives: the local index. Events reach it verified and once per
/// subscription; relay lists (kind 10002) are read back from it by the outbox model.
public protocol PoolStore: Sendable {
    /// Stores a verified event (replaceable rules are the store's business). Throws the store's error.
    func save(_ event: Event) throws
    /// The newest stored replaceable event of `kind` by `author`, if any.
    func latest(kind: Kind, author: PublicKey) throws -> Event?
}
