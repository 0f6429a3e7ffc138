import Synchronization

/// The push enricher's sans-IO core: payload bytes in (APNs, FCM or a bare event), one decision out
/// (notify with title and body, suppress with a reason, or an error). It decrypts with the accounts'
/// keys, verifies every event before showing anything from it, and names senders from the
/// `EventStore` cache; the only way out is `PushOptions.fetchMissing`, a closure the caller supplies.
public final class PushEnricher: Sendable {
    let accounts: [PushAccount]
    let cache: EventStore?
    let options: PushOptions
    let state: Mutex<State>

    struct State: Sendable {
        var seen: DedupeWindow
        var profiles: [PublicKey: Cached<PushProfile?>] = [:]
        var mutes: [PublicKey: Cached<MuteList>] = [:]
    }

    struct Cached<T: Sendable>: Sendable {
        let value: T
        let at: Int64
    }

    /// The entries kept per memo before it is emptied (a long stream must not grow without bound).
    static let memoCapacity = 10_000

    /// An enricher for local secret keys.
    public init(accounts: [SecretKey], cache: EventStore? = nil, options: PushOptions = PushOptions()) {
        self.accounts = accounts.map(PushAccount.init(key:))
        self.cache = cache
        self.options = options
        state = Mutex(State(seen: DedupeWindow(capacity: options.dedupeCapacity)))
    }

    /// An enricher for any signers (a remote signer decrypts through NIP-46); asks each for its key once.
    public init(signers: [any Signer], cache: EventStore? = nil, options: PushOptions = PushOptions()) async throws(SignerError) {
        var accounts: [PushAccount] = []
        for s in signers { accounts.append(PushAccount(signer: s, pubkey: try await s.publicKey())) }
        self.accounts = accounts
        self.cache = cache
        self.options = options
        state = Mutex(State(seen: DedupeWindow(capacity: options.dedupeCapacity)))
    }

    /// The accounts' public keys, in the order they are tried.
    public var accountKeys: [PublicKey] { accounts.map(\.pubkey) }

    /// Enriches one payload. Never throws: a bad payload is `.error`, and the enricher carries on.
    public func enrich(_ payload: some Collection<UInt8>) async -> PushResult {
        do throws(PushError) {
            return try await run(payload)
        } catch {
            return .error(error)
        }
    }

    private func run(_ payload: some Collection<UInt8>) async throws(PushError) -> PushResult {
        guard !accounts.isEmpty else { throw .noAccounts }
        guard payload.count <= options.maxPayloadBytes else {
            throw .payloadTooLarge(bytes: payload.count, limit: options.maxPayloadBytes)
        }
        let shape = try PushPayload.detect(payload)
        let event: Event
        do { event = try Event(json: shape.eventJSON) } catch { throw .invalidEvent(error) }
        switch shape {
        case .fcm:
            let (inner, account) = try await openFCM(event)
            return try await handle(inner, account: account, depth: 0)
        case .apns, .event:
            return try await handle(event, account: nil, depth: 0)
        }
    }

    /// Routes an event: gift wraps are opened (`NIP59.unwrap` verifies each layer), anything else is
    /// verified (id, then signature) before wake-ups are resolved and the rest classified.
    func handle(_ event: Event, account: PushAccount?, depth: Int) async throws(PushError) -> PushResult {
        if NIP59.isGiftWrap(event.kind) {
            let (gift, owner) = try await unwrap(event, account: account)
            return await finish(try await classify(PushIncoming(gift: gift), account: owner))
        }
        do { try event.verify() } catch { throw .invalidEvent(error) }
        if event.kind == .pushWake {
            return try await wake(event, account: account, depth: depth)
        }
        return await finish(try await classify(PushIncoming(verified: event), account: account))
    }

    /// Account whose key is `key`.
    func account(_ key: PublicKey) -> PushAccount? { accounts.first { $0.pubkey == key } }

    /// The accounts among `keys`, in `keys` order.
    func accounts(in keys: [PublicKey]) -> [PushAccount] { keys.compactMap(account) }
}

extension Kind {
    /// A push server's "wake-up": names (`e`, `k`, `p`) an event too large to push.
    public static let pushWake: Kind = 23903
}
