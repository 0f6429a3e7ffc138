import Glibc
import Synchronization
import NostrCore

/// The relay without sockets: storage, rules and the fan-out between connections. `LocalRelay` puts it behind a
/// `WebSocketServer`; a test or another server can drive it through `makeSession`.
public final class LocalRelayCore: Sendable {
    /// Where events live.
    public let storage: any LocalRelayStorage
    /// Per-connection limits.
    public let limits: LocalRelayLimits
    /// Whether EVENT, REQ and COUNT wait for NIP-42 authentication.
    public let requiresAuth: Bool
    let registry = SubscriptionRegistry()
    let clock: @Sendable () -> Int64
    private let urls = Mutex<[String]>([])

    /// A relay core over `storage`; `clock` gives Unix seconds (NIP-40 expiration, NIP-42 freshness).
    public init(storage: any LocalRelayStorage, limits: LocalRelayLimits = LocalRelayLimits(), requiresAuth: Bool = false,
                clock: @escaping @Sendable () -> Int64 = LocalRelayCore.systemClock) {
        self.storage = storage
        self.limits = limits
        self.requiresAuth = requiresAuth
        self.clock = clock
    }

    /// The relay's own URLs, which an AUTH event's `relay` tag may name (besides the client's `Host:`).
    public var relayURLs: [String] {
        get { urls.withLock { $0 } }
        set { urls.withLock { $0 = newValue } }
    }

    /// A session for connection `id`. `host` is its `Host:` header; `output` queues one text message and returns
    /// false once the connection is gone (or was closed for not reading).
    public func makeSession(id: UInt64, host: String? = nil, output: @escaping @Sendable ([UInt8]) -> Bool) -> RelaySession {
        RelaySession(id: id, core: self, host: host, output: output)
    }

    /// Unix seconds from the system clock.
    public static let systemClock: @Sendable () -> Int64 = { Int64(time(nil)) }

    /// How many connections hold at least one subscription.
    public var subscribedConnections: Int { registry.count }
}
