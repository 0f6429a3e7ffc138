import NostrCore

/// What a pool subscription delivers, each naming its relay.
public enum PoolMessage: Sendable, Hashable {
    /// An event not delivered before on this subscription (from whichever relay sent it first).
    case event(Event, relay: RelayURL)
    /// The relay finished sending stored events.
    case eose(relay: RelayURL)
    /// The relay's part ended with an error (unreachable, CLOSED, timeout, gone).
    case failed(relay: RelayURL, error: RelayError)
}

/// A subscription on several relays at once; `messages` ends when every relay's part has ended.
public struct PoolSubscription: Sendable {
    /// Deduplicated events, EOSEs and failures, as they come.
    public let messages: AsyncStream<PoolMessage>
    let task: Task<Void, Never>

    /// Closes every relay's part.
    public func close() { task.cancel() }
}

/// The answer of one relay to a publish.
public struct PublishOutcome: Sendable, Hashable {
    /// The relay.
    public let relay: RelayURL
    /// Its `OK`, or why there was none.
    public let result: Result<PublishResult, RelayError>

    /// An outcome.
    public init(relay: RelayURL, result: Result<PublishResult, RelayError>) {
        self.relay = relay
        self.result = result
    }

    /// Accepted or duplicate.
    public var isSuccess: Bool { (try? result.get())?.isSuccess ?? false }
}

/// What a one-shot query on several relays collected.
public struct PoolQueryResult: Sendable {
    /// Distinct events, newest first.
    public var events: [Event]
    /// Relays that failed, with why.
    public var failures: [RelayURL: RelayError]

    /// A result; empty by default.
    public init(events: [Event] = [], failures: [RelayURL: RelayError] = [:]) {
        self.events = events
        self.failures = failures
    }
}
