import NostrCore

/// How a `RelayConnection` (or every connection of a `RelayPool`) behaves: timeouts, reconnects, NIP-42, logging.
public struct RelayOptions: Sendable {
    /// TCP, TLS and WebSocket handshake together (CLI.md: 5 s).
    public var connectTimeout: Duration = .seconds(5)
    /// How long to wait for the `OK` of an `EVENT` or `AUTH` (CLI.md: 10 s).
    public var publishTimeout: Duration = .seconds(10)
    /// How long a subscription may wait for `EOSE` before it fails with `.timeout` (nil: forever).
    public var eoseTimeout: Duration? = .seconds(10)
    /// How long to wait for a NIP-45 `COUNT` answer.
    public var countTimeout: Duration = .seconds(10)
    /// Reconnect policy after a lost connection while subscriptions or publishes are open (nil: fail them).
    public var reconnect: Backoff? = Backoff()
    /// Signs NIP-42 `AUTH` events when a relay answers `auth-required:` (nil: report the refusal as it is).
    public var signer: (any Signer)?
    /// Checks incoming events (nil: trust the relay, e.g. `req --no-verify`).
    public var verifier: EventVerifier? = EventVerifier()
    /// Receives NOTICEs, malformed messages, invalid events and reconnects, one line each, naming the relay.
    public var log: @Sendable (String) -> Void = { _ in }

    /// The defaults above.
    public init() {}
}
