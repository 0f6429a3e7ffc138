import NostrCore

/// One open subscription as the connection tracks it across reconnects.
struct SubscriptionState {
    let filters: [Filter]
    let closeOnEOSE: Bool
    let continuation: AsyncThrowingStream<SubscriptionMessage, Error>.Continuation
    var eoseSeen = false
    /// The newest `created_at` delivered: a resubscription asks from here on.
    var newest: Int64?
    /// Ids delivered, so the overlap a resubscription brings is not delivered twice.
    var delivered = BoundedMap<EventID, Void>(capacity: 50_000)
    var eoseTimer: Task<Void, Never>?
    /// When the last stored event arrived (or the REQ was sent): the EOSE timeout counts from here.
    var lastActivity = ContinuousClock.now
    /// Whether an `auth-required:` CLOSED was already answered by authenticating (only once).
    var authRetried = false

    /// The filters to send after a reconnect: unchanged until EOSE (the stored events are replayed and the ones
    /// already delivered skipped); after EOSE only what is newer than the newest event seen, without `limit`.
    var resumeFilters: [Filter] {
        guard eoseSeen, let newest else { return filters }
        return filters.map { f in
            var f = f
            f.since = max(f.since ?? newest, newest)
            f.limit = nil
            return f
        }
    }

    /// Passes `event` on unless it was delivered before (a resubscription's overlap).
    mutating func deliver(_ event: Event) {
        guard delivered.insert(event.id) else { return }
        newest = max(newest ?? event.createdAt, event.createdAt)
        if !eoseSeen { lastActivity = .now }
        continuation.yield(.event(event))
    }

    func finish(throwing error: RelayError?) {
        eoseTimer?.cancel()
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}

/// An `EVENT` or `AUTH` waiting for its `OK`.
final class PendingOK {
    let message: String
    let isAuth: Bool
    let promise = OneShot<Result<PublishResult, RelayError>>()
    var timer: Task<Void, Never>?

    init(message: String, isAuth: Bool) {
        self.message = message
        self.isAuth = isAuth
    }
}

/// A `COUNT` waiting for its answer.
final class PendingCount {
    let message: String
    let promise = OneShot<Result<Int, RelayError>>()
    var timer: Task<Void, Never>?

    init(message: String) { self.message = message }
}

/// Where NIP-42 authentication stands on the current socket.
enum ClientAuthState {
    case none
    case running(OneShot<Result<Void, RelayError>>)
    case done
}
