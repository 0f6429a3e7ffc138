import NostrCore

/// What a subscription delivers: stored and live events, and once the end of stored events (`EOSE`).
public enum SubscriptionMessage: Sendable, Hashable {
    case event(Event)
    /// The relay sent EOSE: what follows is live (delivered once, even across reconnects).
    case eose
}

/// One `REQ` on one relay. `messages` ends normally after `close()`, and throws `RelayError` when the relay
/// sends `CLOSED` (`.closed`), never sends EOSE in time (`.timeout`), or is gone for good (`.disconnected`).
/// Survives reconnects: the filters are sent again with `since` set from the newest event seen, and events
/// already delivered are not delivered twice.
public struct RelaySubscription: Sendable {
    /// The subscription id sent to the relay.
    public let id: String
    /// The relay.
    public let relay: RelayURL
    /// Events and the EOSE marker, in the order the relay sent them. Iterate once.
    public let messages: AsyncThrowingStream<SubscriptionMessage, Error>
    let connection: RelayConnection

    /// Sends `CLOSE` and ends `messages`.
    public func close() async { await connection.unsubscribe(id) }
}
