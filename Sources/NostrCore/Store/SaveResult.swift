/// What `EventStore.save` did with an event.
public enum SaveResult: Sendable, Equatable, CustomStringConvertible {
    /// Stored as a new event.
    case stored
    /// Already stored (same id); nothing changed.
    case duplicate
    /// Stored, replacing an older version of the same replaceable or addressable event.
    case replaced
    /// Not stored, for `reason`.
    case rejected(RejectReason)

    /// Whether a relay should answer `OK true` (NIP-01): stored, replaced, already had it, or ephemeral.
    public var isAccepted: Bool {
        switch self {
        case .stored, .duplicate, .replaced: true
        case let .rejected(reason): reason == .ephemeral
        }
    }

    /// The message for a NIP-01 `OK`, with its machine-readable prefix (`""` when plainly stored).
    public var okMessage: String {
        switch self {
        case .stored, .replaced: ""
        case .duplicate: "duplicate: already have this event"
        case let .rejected(reason): reason.description
        }
    }

    public var description: String {
        switch self {
        case .stored: "stored"
        case .duplicate: "duplicate"
        case .replaced: "replaced"
        case let .rejected(reason): "rejected (\(reason))"
        }
    }
}

/// Why an event was not stored. Each description starts with a NIP-01 `OK` prefix.
public enum RejectReason: Sendable, Equatable, CustomStringConvertible {
    /// The id is not the hash of the event, or the signature does not verify.
    case invalid(EventError)
    /// The author deleted this event (NIP-09), by id or by address.
    case deleted
    /// Its NIP-40 expiration has passed.
    case expired
    /// Ephemeral kinds (20000–29999) are never stored.
    case ephemeral
    /// A newer version of this replaceable or addressable event (or an equally new one with a lower id) is stored.
    case olderThanStored

    /// A short stable name, for counting reasons (`ImportSummary`) and logs.
    public var name: String {
        switch self {
        case .invalid(.idMismatch): "invalid id"
        case .invalid(.invalidSignature): "invalid signature"
        case .invalid: "invalid event"
        case .deleted: "deleted"
        case .expired: "expired"
        case .ephemeral: "ephemeral"
        case .olderThanStored: "older than stored"
        }
    }

    public var description: String {
        switch self {
        case let .invalid(e): "invalid: \(e)"
        case .deleted: "blocked: this event was deleted by its author"
        case .expired: "invalid: event has expired"
        case .ephemeral: "ephemeral: ephemeral events are not stored"
        case .olderThanStored: "duplicate: a newer version of this replaceable event is stored"
        }
    }
}
