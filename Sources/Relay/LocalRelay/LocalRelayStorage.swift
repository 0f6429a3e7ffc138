import NostrCore

/// What `LocalRelay` needs from its storage; `EventStore` conforms.
public protocol LocalRelayStorage: Sendable {
    /// Checks id and signature (a known id is answered first, without checking) and stores the event under the
    /// NIP-01/09/40 rules, at Unix time `now`.
    func store(_ event: Event, now: Int64) throws -> LocalRelayStorageOutcome
    /// Stored events matching any filter, newest first, at most `limit` per filter; each keeps its stored `raw`.
    func events(matching filters: [Filter], now: Int64) throws -> [Event]
    /// How many stored events match any filter (NIP-45); limits are ignored.
    func count(matching filters: [Filter], now: Int64) throws -> Int
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
