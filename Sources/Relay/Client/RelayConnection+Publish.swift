import Glibc
import NostrCore

extension RelayConnection {
    /// Sends `event` and returns the relay's `OK`: accepted, duplicate or rejected with its reason. Throws
    /// `.timeout` when no `OK` comes within `publishTimeout`. A rejection with `auth-required:` is retried once after
    /// NIP-42 authentication when a signer is configured.
    public func publish(_ event: Event) async throws(RelayError) -> PublishResult {
        try await connect()
        let first = try await waitForOK(ClientMessage.event(event).json, id: event.id, isAuth: false).get()
        guard case let .rejected(reason) = first, reason.hasPrefix("auth-required:"), options.signer != nil else {
            return first
        }
        try await authenticate()
        return try await waitForOK(ClientMessage.event(event).json, id: event.id, isAuth: false).get()
    }

    /// Sends `message` (unless the same id is already waiting) and waits for the `OK` of `id`, or the timeout.
    func waitForOK(_ message: String, id: EventID, isAuth: Bool) async -> Result<PublishResult, RelayError> {
        let pending: PendingOK
        if let existing = pendingOK[id] {
            pending = existing
        } else {
            pending = PendingOK(message: message, isAuth: isAuth)
            pendingOK[id] = pending
            let timeout = RelayError.timeout(relay: url.string, waitingFor: "OK for event \(id.hex.prefix(16))…",
                                             seconds: options.publishTimeout.seconds)
            pending.timer = pending.promise.fulfill(.failure(timeout), after: options.publishTimeout)
            await send(message)
        }
        let result = await pending.promise.value
        if pendingOK[id] === pending { pendingOK[id] = nil }
        pending.timer?.cancel()
        return result
    }

    /// NIP-42: signs a kind-22242 event with the relay's challenge and waits for its `OK`. Concurrent callers share
    /// one attempt; done once per socket. https://github.com/nostr-protocol/nips/blob/master/42.md
    public func authenticate() async throws(RelayError) {
        guard let signer = options.signer else {
            throw .authFailed(relay: url.string, reason: "the relay requires authentication (NIP-42) and no signer was given")
        }
        switch auth {
        case .done: return
        case let .running(attempt): try await attempt.value.get(); return
        case .none: break
        }
        let attempt = OneShot<Result<Void, RelayError>>()
        auth = .running(attempt)
        let gen = generation
        let result = await signAndSendAuth(signer)
        if gen == generation, case .running(let current) = auth, current === attempt {
            if case .success = result { auth = .done } else { auth = .none }
        }
        attempt.fulfill(result)
        try result.get()
    }

    private func signAndSendAuth(_ signer: any Signer) async -> Result<Void, RelayError> {
        guard let challenge = await currentChallenge() else {
            return .failure(.authFailed(relay: url.string, reason: "the relay asked for authentication but sent no AUTH challenge"))
        }
        let event: Event
        do {
            let pubkey = try await signer.publicKey()
            // NIP-42: the relay URL and the challenge, signed now.
            let unsigned = UnsignedEvent(pubkey: pubkey, createdAt: Self.now(), kind: .clientAuth,
                                         tags: [["relay", url.string], ["challenge", challenge]], content: "")
            event = try await signer.sign(unsigned)
        } catch {
            return .failure(.authFailed(relay: url.string, reason: "\(error)"))
        }
        switch await waitForOK(ClientMessage.auth(event).json, id: event.id, isAuth: true) {
        case let .failure(error): return .failure(error)
        case let .success(answer) where answer.isSuccess: return .success(())
        case let .success(answer): return .failure(.authFailed(relay: url.string, reason: "relay refused the AUTH event: \(answer)"))
        }
    }

    /// The challenge of this socket, waiting up to `publishTimeout` for the relay to send one.
    private func currentChallenge() async -> String? {
        if let challenge { return challenge }
        guard socket != nil else { return nil }
        let waiter = OneShot<String?>()
        challengeWaiters.append(waiter)
        let timer = waiter.fulfill(nil, after: options.publishTimeout)
        defer { timer.cancel() }
        return await waiter.value
    }

    func failAuth(_ error: RelayError) {
        if case let .running(attempt) = auth { attempt.fulfill(.failure(error)) }
        auth = .none
        let waiters = challengeWaiters
        challengeWaiters = []
        for w in waiters { w.fulfill(nil) }
    }

    /// NIP-45: how many events match `filters`. https://github.com/nostr-protocol/nips/blob/master/45.md
    public func count(_ filters: [Filter]) async throws(RelayError) -> Int {
        try await connect()
        let sid = makeID("count")
        let pending = PendingCount(message: ClientMessage.count(subscriptionID: sid, filters: filters).json)
        pendingCounts[sid] = pending
        let timeout = RelayError.timeout(relay: url.string, waitingFor: "COUNT", seconds: options.countTimeout.seconds)
        pending.timer = pending.promise.fulfill(.failure(timeout), after: options.countTimeout)
        await send(pending.message)
        let result = await pending.promise.value
        pendingCounts[sid] = nil
        pending.timer?.cancel()
        return try result.get()
    }

    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }
}
