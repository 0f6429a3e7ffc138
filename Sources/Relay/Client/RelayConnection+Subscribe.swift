import NostrCore

extension RelayConnection {
    /// Sends `REQ` with `filters` and returns its stream. With `closeOnEOSE` the subscription ends (normally)
    /// right after EOSE, for one-shot queries. An `id` already in use replaces that subscription (NIP-01).
    public func subscribe(_ filters: [Filter], id: String? = nil, closeOnEOSE: Bool = false) async throws(RelayError) -> RelaySubscription {
        try await connect()
        let sid = id ?? makeID("sub")
        subscriptions.removeValue(forKey: sid)?.finish(throwing: nil)
        let (stream, continuation) = AsyncThrowingStream<SubscriptionMessage, Error>.makeStream()
        var state = SubscriptionState(filters: filters, closeOnEOSE: closeOnEOSE, continuation: continuation)
        if let timeout = options.eoseTimeout {
            // An inactivity timeout: a relay still sending stored events is slow, not silent.
            state.eoseTimer = Task { [weak self] in
                var deadline = ContinuousClock.now + timeout
                while true {
                    do { try await Task.sleep(until: deadline) } catch { return }
                    guard let next = await self?.eoseTimedOut(sid, after: timeout) else { return }
                    deadline = next
                }
            }
        }
        subscriptions[sid] = state
        continuation.onTermination = { [weak self] reason in
            // The reader stopped listening (cancelled, or we finished it): tell the relay, once.
            guard case .cancelled = reason else { return }
            Task { await self?.unsubscribe(sid) }
        }
        await send(ClientMessage.req(subscriptionID: sid, filters: filters).json)
        return RelaySubscription(id: sid, relay: url, messages: stream, connection: self)
    }

    /// Sends `CLOSE` for `id` and ends its stream normally; nothing when it is not open.
    public func unsubscribe(_ id: String) async {
        guard let state = subscriptions.removeValue(forKey: id) else { return }
        state.finish(throwing: nil)
        await send(ClientMessage.close(subscriptionID: id).json)
    }

    private func retryAfterAuth(_ sid: String) async {
        do throws(RelayError) {
            try await authenticate()
            if let state = subscriptions[sid] {
                await send(ClientMessage.req(subscriptionID: sid, filters: state.resumeFilters).json)
            }
        } catch {
            subscriptions.removeValue(forKey: sid)?.finish(throwing: error)
        }
    }

    /// Ends the subscription when nothing arrived for `timeout`; otherwise returns when to look again.
    private func eoseTimedOut(_ id: String, after timeout: Duration) async -> ContinuousClock.Instant? {
        guard let state = subscriptions[id], !state.eoseSeen else { return nil }
        let idleUntil = state.lastActivity + timeout
        if idleUntil > .now { return idleUntil }
        subscriptions[id] = nil
        state.finish(throwing: .timeout(relay: url.string, waitingFor: "EOSE for subscription \(id)", seconds: timeout.seconds))
        await send(ClientMessage.close(subscriptionID: id).json)
        return nil
    }

    /// Handles one parsed message of the socket of `generation` (events were already verified by the reader).
    func receive(_ message: RelayMessage, generation gen: Int) async {
        guard gen == generation else { return }
        switch message {
        case let .event(sid, event):
            // Mutated in place: a copy of the state would copy its delivered-id set on every event.
            subscriptions[sid]?.deliver(event)
        case let .eose(sid):
            guard var state = subscriptions[sid], !state.eoseSeen else { return }
            state.eoseSeen = true
            state.eoseTimer?.cancel()
            state.eoseTimer = nil
            state.continuation.yield(.eose)
            if state.closeOnEOSE {
                subscriptions[sid] = nil
                state.finish(throwing: nil)
                await send(ClientMessage.close(subscriptionID: sid).json)
            } else {
                subscriptions[sid] = state
            }
        case let .closed(sid, text):
            if let count = pendingCounts.removeValue(forKey: sid) {
                count.promise.fulfill(.failure(.closed(relay: url.string, subscription: sid, message: text)))
                return
            }
            guard let state = subscriptions[sid] else { return }
            if text.hasPrefix("auth-required:"), options.signer != nil, !state.authRetried {
                // NIP-42: authenticate, then ask again; a second refusal ends the subscription. In a task of its
                // own: the OK of the AUTH arrives through this very reader.
                subscriptions[sid]?.authRetried = true
                Task { await self.retryAfterAuth(sid) }
                return
            }
            subscriptions[sid] = nil
            state.finish(throwing: .closed(relay: url.string, subscription: sid, message: text))
        case let .ok(id, accepted, text):
            pendingOK[id]?.promise.fulfill(.success(PublishResult(accepted: accepted, message: text)))
        case let .notice(text):
            options.log("NOTICE from \(url.string): \(text)")
        case let .auth(challenge):
            self.challenge = challenge
            let waiters = challengeWaiters
            challengeWaiters = []
            for w in waiters { w.fulfill(challenge) }
        case let .count(sid, n):
            pendingCounts[sid]?.promise.fulfill(.success(n))
        }
    }
}
