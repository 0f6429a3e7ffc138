import NostrCore
import Relay
import Signer

/// Puts a `BunkerService` on relays: listens for kind-24133 requests to the remote-signer key, answers each
/// on the same relays. Each request runs in its own task, so a consent prompt does not hold up other clients.
/// Reconnecting is the relay connections' own (backoff, resubscribe).
public final class BunkerRunner: Sendable {
    /// The bunker.
    public let service: BunkerService
    let channel: NIP46Channel
    let log: @Sendable (String) -> Void

    /// A runner on `pool`, listening on the service's configured relays.
    public init(service: BunkerService, pool: RelayPool = RelayPool(), log: @escaping @Sendable (String) -> Void = { _ in }) throws(BunkerError) {
        guard !service.configuration.relays.isEmpty else { throw .noRelays }
        let urls: [RelayURL]
        do { urls = try NIP46Channel.relayURLs(service.configuration.relays) } catch { throw .signer(error) }
        self.service = service
        self.log = log
        channel = NIP46Channel(pool: pool, key: service.remoteSignerPubkey, relays: urls)
    }

    /// Subscribes; returns once at least one relay is listening (throws when none could be reached).
    public func start() async throws(BunkerError) {
        let service = self.service, channel = self.channel, log = self.log
        do {
            try await channel.start(author: nil, since: Int64(service.now) - service.configuration.maxRequestAge) { event in
                Task {
                    guard let reply = await service.handle(event) else { return }
                    do { try await channel.publish(reply) } catch { log("could not deliver a reply to \(event.pubkey.hex.prefix(16))…: \(error)") }
                }
            }
        } catch { throw .signer(error) }
    }

    /// The client-initiated flow: pairs the URI's client, also listens on its relays (the client sends
    /// there until it asks `switch_relays`), and publishes the `connect` response carrying its secret there.
    public func connect(to uri: NostrConnectURI) async throws(BunkerError) {
        let extra: [RelayURL]
        do { extra = try NIP46Channel.relayURLs(uri.relays) } catch { throw .signer(error) }
        let all = channel.relays + extra.filter { !channel.relays.contains($0) }
        if all.count != channel.relays.count {
            channel.setRelays(all)
            try await start()
        }
        let response = try service.connect(to: uri)
        let outcomes = await channel.pool.publish(response, to: extra)
        guard outcomes.contains(where: \.isSuccess) else {
            throw .signer(.unreachable(relay: outcomes.map { "\($0.relay.string)" }.joined(separator: ", ")))
        }
    }

    /// Stops listening.
    public func stop() { channel.stop() }
}
