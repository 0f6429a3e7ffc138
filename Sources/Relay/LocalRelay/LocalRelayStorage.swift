import NostrCore

/// What `LocalRelay` needs from its storage; `EventStore` conforms.
public protocol LocalRelayStorage: Sendable {
    /// Stores an event whose id and signature were already checked, applying NIP-01/09/40 rules.
    func save(verified event: Event) throws -> LocalRelayStorageOutcome
    /// Stored events matching any filter, newest first, at most `limit` per filter; each keeps its stored `raw`.
    func query(_ filters: [Filter]) throws -> [Event]
    /// How many stored events match any filter (NIP-45).
    func count(_ filters: [Filter]) throws -> Int
}

/// What storing one event did, as the relay reports it in `OK`.
public enum LocalRelayStorageOutcome: Sendable, Equatable {
    /// Stored (possibly replacing an older version): subscribers get it.
    case stored
    /// Already stored: `OK true "duplicate: …"`, not sent to subscribers again.
    case duplicate
    /// Refused; `message` carries a NIP-01 prefix (`blocked: …`, `invalid: …`).
    case rejected(message: String)
}
