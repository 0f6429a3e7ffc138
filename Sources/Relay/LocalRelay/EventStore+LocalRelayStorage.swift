import NostrCore

/// The event index as the relay's storage: its `SaveResult` reasons already carry NIP-01 `OK` prefixes.
extension EventStore: LocalRelayStorage {
    public func store(_ event: Event, now: Int64) throws -> LocalRelayStorageOutcome {
        switch try save(event, verified: false, now: now) {
        case .stored, .replaced: .stored
        case .duplicate: .duplicate
        case let .rejected(reason): .rejected(message: reason.description)
        }
    }

    public func events(matching filters: [Filter], now: Int64) throws -> [Event] {
        try query(filters, now: now)
    }

    public func count(matching filters: [Filter], now: Int64) throws -> Int {
        try count(filters, now: now)
    }
}
