#if canImport(Glibc)
import Glibc
#endif
import NostrCore

/// The NIP-46 remote signer, sans-IO: a kind-24133 request event in, the signed response event out (or
/// nothing for a request to ignore). Default deny: a client does nothing until it pairs with the one-time
/// secret, `authorize`, or `connect(to:)`, and then only what its grants (or the person, with `ask`) allow.
/// Every decrypted request is written to the audit log. Safe to call concurrently.
public final class BunkerService: Sendable {
    /// The key the bunker signs for.
    public let userPubkey: PublicKey
    /// The bunker's own key: clients encrypt to it and it signs the responses.
    public let remoteSignerPubkey: PublicKey
    /// Settings.
    public let configuration: BunkerConfiguration
    /// Sessions, grants, secrets, audit log.
    public let store: BunkerStore

    let userSigner: any Signer
    let remoteSignerKey: SecretKey
    let policy: any SigningPolicy
    let consent: (any ConsentPrompt)?
    let limiter: RateLimiter<PublicKey>
    let replay: ReplayGuard
    let clock: @Sendable () -> Double
    let log: @Sendable (String) -> Void

    /// A bunker serving `userSigner` through `remoteSignerKey`. `policy` defaults to `GrantPolicy` (asking
    /// on a miss when `configuration.ask` and a `consent` prompt is given); `clock` is unix time in seconds.
    public init(userSigner: any Signer, remoteSignerKey: SecretKey, store: BunkerStore, configuration: BunkerConfiguration,
                policy: (any SigningPolicy)? = nil, consent: (any ConsentPrompt)? = nil,
                clock: @escaping @Sendable () -> Double = { BunkerService.unixTime() },
                log: @escaping @Sendable (String) -> Void = { _ in }) async throws(BunkerError) {
        do { userPubkey = try await userSigner.publicKey() } catch { throw .signer(error) }
        self.userSigner = userSigner
        self.remoteSignerKey = remoteSignerKey
        self.remoteSignerPubkey = remoteSignerKey.publicKey
        self.store = store
        self.configuration = configuration
        let askable = configuration.ask && consent != nil
        self.policy = policy ?? GrantPolicy(askOnMiss: askable)
        self.consent = askable ? consent : nil
        self.limiter = RateLimiter(burst: configuration.rateBurst, perSecond: configuration.ratePerSecond)
        self.replay = ReplayGuard(window: configuration.maxRequestAge)
        self.clock = clock
        self.log = log
    }

    /// The `bunker://` URI with the current one-time secret.
    public func bunkerURI() throws(BunkerError) -> BunkerURI {
        BunkerURI(remoteSignerPubkey: remoteSignerPubkey, relays: configuration.relays, secret: try store.currentSecret(at: nowSeconds))
    }

    /// Pairs `client` by the operator's word (`--authorize PUBKEY[:PERMS]`).
    public func authorize(_ client: PublicKey, permissions: NIP46Permissions = .all) throws(BunkerError) {
        try store.pair(client, permissions: permissions, metadata: NIP46ClientMetadata(), via: "authorize", at: nowSeconds)
    }

    /// The client-initiated flow (`bunker connect nostrconnect://…`): pairs the URI's client with the
    /// permissions it asked for and returns the `connect` response carrying its secret, to publish on the
    /// URI's relays.
    public func connect(to uri: NostrConnectURI) throws(BunkerError) -> Event {
        let perms = uri.permissions.isEmpty ? configuration.permissionsWhenNoneRequested : uri.permissions
        try store.pair(uri.clientPubkey, permissions: perms, metadata: uri.metadata, via: "nostrconnect", at: nowSeconds)
        try store.audit(AuditEntry(at: nowSeconds, client: uri.clientPubkey, method: "connect", kind: nil, decision: "paired via nostrconnect"))
        log("paired with \(uri.clientPubkey.hex) \(uri.metadata.displayText) via nostrconnect, permissions: \(perms)")
        let response = NIP46Response.success(NIP46.randomToken(), uri.secret)
        do { return try NIP46.event(response.json, from: remoteSignerKey, to: uri.clientPubkey, createdAt: Int64(now)) } catch {
            throw .nip46(error)
        }
    }

    /// Handles one kind-24133 event addressed to the bunker; the response event to publish, or `nil` when
    /// the event is to be ignored (stale, replayed, not for us, undecryptable).
    public func handle(_ event: Event) async -> Event? {
        let t = now
        guard event.kind == NIP46.kind, event.tagValues("p").contains(remoteSignerPubkey.hex) else { return nil }
        guard replay.accept(event, now: Int64(t)) else { return nil }
        guard let (text, encryption) = try? NIP46.open(event, with: remoteSignerKey),
              let request = try? NIP46Request(json: text) else {
            log("ignored an undecryptable request from \(event.pubkey.hex)")
            return nil
        }
        let client = event.pubkey
        let response: NIP46Response
        var kind: Int? = nil
        if !limiter.allow(client, now: t) {
            record(client, request.method, nil, "rate-limited")
            response = .failure(request.id, "rate-limited: too many requests, slow down")
        } else {
            let outcome = await answer(request, from: client)
            kind = outcome.kind
            record(client, request.method, kind, outcome.decision)
            response = outcome.response
        }
        do { return try NIP46.event(response.json, from: remoteSignerKey, to: client, encryption: encryption, createdAt: Int64(now)) } catch {
            log("could not build the response to \(client.hex): \(error)")
            return nil
        }
    }

    // MARK: Internals

    struct Outcome {
        let response: NIP46Response
        let decision: String
        var kind: Int? = nil
    }

    var now: Double { clock() }
    var nowSeconds: Int64 { Int64(clock()) }

    /// The current unix time in seconds.
    public static func unixTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func record(_ client: PublicKey, _ method: NIP46Method, _ kind: Int?, _ decision: String) {
        do {
            try store.audit(AuditEntry(at: Int64(now), client: client, method: method.rawValue, kind: kind, decision: decision))
        } catch { log("audit log write failed: \(error)") }
        log("\(client.hex.prefix(16))… \(method)\(kind.map { ":\($0)" } ?? ""): \(decision)")
    }
}
