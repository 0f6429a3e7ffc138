import Dispatch
import NostrCore

/// The relay behind `nak-swift serve`: a `LocalRelayCore` on a `WebSocketServer` (NIP-01, 09, 11, 40, 42, 45).
public final class LocalRelay: Sendable {
    /// How to run a `LocalRelay`.
    public struct Configuration: Sendable {
        /// The address to bind (127.0.0.1 keeps the relay private to this machine).
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (see `port`).
        public var port: UInt16 = 0
        /// Whether EVENT, REQ and COUNT need NIP-42 authentication first.
        public var requiresAuth = false
        /// Per-connection limits.
        public var limits = LocalRelayLimits()
        /// The NIP-11 document; nil means `RelayInformation.localRelay(…)` for these limits.
        public var information: RelayInformation?
        /// Extra HTTP routes on the relay's port (Blossom…): return nil to fall through to NIP-11 and the default page.
        public var httpRoutes: (@Sendable (HTTPServerRequest) async -> HTTPResponse?)?

        /// The defaults: 127.0.0.1, a free port, no authentication.
        public init() {}
    }

    /// The relay logic, for direct use (tests, embedding).
    public let core: LocalRelayCore
    private let server: WebSocketServer

    /// Starts serving `storage` as configured; returns once the port is listening.
    public init(storage: any LocalRelayStorage, configuration: Configuration = Configuration(),
                clock: @escaping @Sendable () -> Int64 = LocalRelayCore.systemClock) throws(WebSocketError) {
        let core = LocalRelayCore(storage: storage, limits: configuration.limits, requiresAuth: configuration.requiresAuth, clock: clock)
        let information = configuration.information
            ?? RelayInformation.localRelay(limits: configuration.limits, requiresAuth: configuration.requiresAuth)
        let handler = LocalRelayHandler(core: core, information: information, routes: configuration.httpRoutes)
        var socketLimits = WebSocketLimits()
        socketLimits.maxMessageSize = configuration.limits.maxMessageLength
        socketLimits.maxOutboundBytes = configuration.limits.maxOutboundBytes
        server = try WebSocketServer(host: configuration.host, port: configuration.port, limits: socketLimits,
                                     maxConnections: configuration.limits.maxConnections, handler: handler)
        core.relayURLs = [server.url]
        self.core = core
    }

    /// The `ws://host:port` clients connect to.
    public var url: String { server.url }

    /// The port listened on (the one picked when 0 was asked).
    public var port: UInt16 { server.port }

    /// Closes every connection (1001, going away) and stops listening.
    public func shutdown() async { await server.shutdown() }
}
