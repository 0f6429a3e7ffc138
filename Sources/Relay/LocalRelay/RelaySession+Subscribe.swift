import NostrCore

extension RelaySession {
    /// REQ (NIP-01): stored matches, EOSE, then live events; a REQ with an open id replaces that subscription.
    func handleReq(_ sub: String, _ filters: [Filter]) {
        if let refusal = refusal(filters) {
            send(.closed(subscriptionID: sub, message: refusal))
            return
        }
        let limits = core.limits
        let opened: Bool = state.withLock { s in
            guard !s.ended else { return false }
            guard s.subscriptions[sub] != nil || s.subscriptions.count < limits.maxSubscriptions else {
                _ = output(RelayMessage.closed(subscriptionID: sub, message:
                    "error: too many open subscriptions (at most \(limits.maxSubscriptions)); CLOSE one first").jsonBytes)
                return false
            }
            s.subscriptions[sub] = Subscription(id: sub, filters: filters)
            if s.subscriptions.count == 1 { core.registry.setActive(self, true) }
            return true
        }
        guard opened else { return }

        // NIP-11 max_limit: limits are clamped silently; `limit: 0` asks for live events only.
        let queries = filters.compactMap { f -> Filter? in
            var f = f
            let limit = min(f.limit ?? limits.maxLimit, limits.maxLimit)
            guard limit > 0 else { return nil }
            f.limit = limit
            return f
        }
        let stored: [Event]
        do { stored = queries.isEmpty ? [] : try core.storage.events(matching: queries, now: core.clock()) } catch {
            state.withLock { s in
                guard !s.ended, s.subscriptions[sub]?.backlog != nil else { return }
                s.subscriptions[sub] = nil
                if s.subscriptions.isEmpty { core.registry.setActive(self, false) }
                _ = output(RelayMessage.closed(subscriptionID: sub, message: "error: could not query events: \(error)").jsonBytes)
            }
            return
        }
        state.withLock { s in
            guard !s.ended, let backlog = s.subscriptions[sub]?.backlog else { return }
            var open = true, budget = limits.maxStoredReplyBytes
            for e in stored where open {
                let message = RelayMessage.eventBytes(subscriptionID: sub, eventJSON: e.jsonBytes)
                budget -= message.count
                guard budget >= 0 else { break }
                open = output(message)
            }
            guard open, output(RelayMessage.eose(subscriptionID: sub).jsonBytes) else { return }
            if !backlog.isEmpty {
                // A live event saved before the query ran was already sent among the stored ones.
                let sent = Set(stored.map(\.id))
                for e in backlog where !sent.contains(e.id) {
                    _ = output(RelayMessage.eventBytes(subscriptionID: sub, eventJSON: e.jsonBytes))
                }
            }
            s.subscriptions[sub]?.backlog = nil
        }
    }

    /// COUNT (NIP-45): how many stored events match.
    func handleCount(_ sub: String, _ filters: [Filter]) {
        if let refusal = refusal(filters) {
            send(.closed(subscriptionID: sub, message: refusal))
            return
        }
        let unlimited = filters.map { f -> Filter in
            var f = f
            f.limit = nil
            return f
        }
        do {
            send(.count(subscriptionID: sub, count: try core.storage.count(matching: unlimited, now: core.clock())))
        } catch {
            send(.closed(subscriptionID: sub, message: "error: could not count events: \(error)"))
        }
    }

    /// CLOSE (NIP-01): ends the subscription; nothing is sent back.
    func handleClose(_ sub: String) {
        state.withLock { s in
            guard s.subscriptions.removeValue(forKey: sub) != nil, s.subscriptions.isEmpty, !s.ended else { return }
            core.registry.setActive(self, false)
        }
    }

    /// Why a REQ or COUNT is refused before it runs, as a `CLOSED` message.
    private func refusal(_ filters: [Filter]) -> String? {
        if core.requiresAuth, !state.withLock({ $0.auth.isAuthenticated }) {
            return "auth-required: this relay answers only authenticated clients (NIP-42)"
        }
        if filters.count > core.limits.maxFilters {
            return "invalid: \(filters.count) filters in one request (at most \(core.limits.maxFilters))"
        }
        return nil
    }
}
