import NostrCore

extension RelaySession {
    /// EVENT (NIP-01): check, store or broadcast, answer `OK`.
    func handleEvent(_ event: Event) {
        if let refusal = refusal(for: event) {
            send(.ok(eventID: event.id, accepted: false, message: refusal))
            return
        }
        // NIP-01: ephemeral kinds are relayed to subscribers and never stored.
        if event.kind.isEphemeral {
            do { try event.verify() } catch {
                send(.ok(eventID: event.id, accepted: false, message: "invalid: \(error)"))
                return
            }
            send(.ok(eventID: event.id, accepted: true, message: ""))
            core.registry.broadcast(event)
            return
        }
        let outcome: LocalRelayStorageOutcome
        do { outcome = try core.storage.store(event, now: core.clock()) } catch {
            send(.ok(eventID: event.id, accepted: false, message: "error: could not store the event: \(error)"))
            return
        }
        switch outcome {
        case .stored:
            send(.ok(eventID: event.id, accepted: true, message: ""))
            core.registry.broadcast(event)
        case .duplicate:
            send(.ok(eventID: event.id, accepted: true, message: "duplicate: already have this event"))
        case let .rejected(message):
            send(.ok(eventID: event.id, accepted: false, message: message))
        }
    }

    /// Why `event` is refused before storage (which checks the signature after a cheap duplicate lookup), as an `OK` message with its NIP-01 prefix; nil when it may pass.
    private func refusal(for event: Event) -> String? {
        if core.requiresAuth, !state.withLock({ $0.auth.isAuthenticated }) {
            return "auth-required: this relay accepts events only from authenticated clients (NIP-42)"
        }
        // NIP-42: auth events are never broadcast; they belong in an AUTH message.
        if event.kind == .clientAuth { return "invalid: kind 22242 events are sent with AUTH, not published" }
        // NIP-40: expired events are dropped (checked here too, so ephemeral ones are covered).
        if let text = event.firstTagValue("expiration"), let at = Int64(text), at <= core.clock() {
            return "invalid: event expired at \(at) (NIP-40)"
        }
        return nil
    }
}
