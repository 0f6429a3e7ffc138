import NostrCore

/// Where a `RelayPool` keeps what it receives: the local index. Events reach it verified and once per
/// subscription; relay lists (kind 10002) are read back from it by the outbox model.
public protocol PoolStore: Sendable {
    /// Stores a verified event (replaceable rules are the store's business). Throws the store's error.
    func saveVerified(_ event: Event) throws
    /// The newest stored replaceable event of `kind` by `author`, if any.
    func latestReplaceable(kind: Kind, author: PublicKey) throws -> Event?
}

extension EventStore: PoolStore {
    /// Saves without a second signature check: the pool's verifier already checked it.
    public func saveVerified(_ event: Event) throws { _ = try save(event, verified: true) }

    public func latestReplaceable(kind: Kind, author: PublicKey) throws -> Event? {
        try query([Filter(authors: [author], kinds: [kind], limit: 1)]).first
    }
}
