import NostrCore

extension RelaySession {
    /// AUTH (NIP-42): checks the signed kind 22242 event against this connection's challenge; answers `OK`.
    func handleAuth(_ event: Event) {
        var relays = core.relayURLs
        if let host { relays.append(host) }
        let now = core.clock(), window = core.limits.authWindow
        let result: Result<PublicKey, AuthError> = state.withLock { s in
            do throws(AuthError) {
                return .success(try s.auth.authenticate(event, relays: relays, now: now, window: window))
            } catch { return .failure(error) }
        }
        switch result {
        case .success: send(.ok(eventID: event.id, accepted: true, message: ""))
        case let .failure(error): send(.ok(eventID: event.id, accepted: false, message: "invalid: \(error)"))
        }
    }
}
