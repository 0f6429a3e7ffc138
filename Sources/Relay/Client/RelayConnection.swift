import NostrCore

/// One relay: connects lazily (within `connectTimeout`), publishes with the `OK` answer, runs subscriptions and
/// NIP-45 counts, answers NIP-42 `auth-required:` with a signed `AUTH`, and reconnects with backoff while work is
/// open, resubscribing from the newest event seen. Every wait is bounded and its error names the relay.
public actor RelayConnection {
    /// The relay.
    public nonisolated let url: RelayURL
    /// Timeouts, reconnect policy, signer, verifier, log.
    public nonisolated let options: RelayOptions
    nonisolated let transport: any WebSocketTransport

    var socket: (any WebSocketConnection)?
    /// Bumped on every new socket, so messages and losses of an old one are ignored.
    var generation = 0
    var connecting: Task<Result<Void, RelayError>, Never>?
    var reconnecting: Task<Void, Never>?
    var closedByClient = false
    var subscriptions: [String: SubscriptionState] = [:]
    var pendingOK: [EventID: PendingOK] = [:]
    var pendingCounts: [String: PendingCount] = [:]
    var challenge: String?
    var challengeWaiters: [OneShot<String?>] = []
    var auth: ClientAuthState = .none
    var nextID = 0

    /// A connection to `url` (nothing is opened until it is needed, or `connect()`).
    public init(url: RelayURL, options: RelayOptions = RelayOptions(), transport: any WebSocketTransport = POSIXWebSocketTransport()) {
        self.url = url
        self.options = options
        self.transport = transport
    }

    /// Whether a socket is open now.
    public var isConnected: Bool { socket != nil }

    /// Opens the connection if it is not open; concurrent callers share one attempt.
    public func connect() async throws(RelayError) {
        if socket != nil { return }
        if closedByClient { throw .closedByClient(relay: url.string) }
        let attempt: Task<Result<Void, RelayError>, Never>
        if let connecting {
            attempt = connecting
        } else {
            attempt = Task { await self.open() }
            connecting = attempt
        }
        try await attempt.value.get()
    }

    private func open() async -> Result<Void, RelayError> {
        defer { connecting = nil }
        let ws: any WebSocketConnection
        do {
            ws = try await transport.connect(url: url.webSocketURL, timeout: options.connectTimeout)
        } catch {
            switch error {
            case .connectTimeout: return .failure(.connectTimeout(relay: url.string, seconds: options.connectTimeout.seconds))
            case .cancelled: return .failure(.closedByClient(relay: url.string))
            default: return .failure(.unreachable(relay: url.string, reason: "\(error)"))
            }
        }
        if closedByClient {
            await ws.close()
            return .failure(.closedByClient(relay: url.string))
        }
        attach(ws)
        return .success(())
    }

    /// Starts reading `ws` and replays what the previous socket left unanswered.
    private func attach(_ ws: any WebSocketConnection) {
        generation += 1
        socket = ws
        challenge = nil
        auth = .none
        let gen = generation
        let relay = url.string
        let verifier = options.verifier
        let log = options.log
        Task.detached { [weak self] in
            do {
                for try await message in ws.messages {
                    guard case let .text(text) = message else {
                        log("\(relay) sent a binary message; ignored")
                        continue
                    }
                    let parsed: RelayMessage
                    do { parsed = try RelayMessage(json: text.utf8) } catch {
                        log("\(relay) sent an invalid message (\(error)): \(text.prefix(160))")
                        continue
                    }
                    if case let .event(sub, event) = parsed, let verifier {
                        do { try verifier.check(event) } catch {
                            log("\(relay) sent an invalid event \(event.id.hex) on \(sub): \(error)")
                            continue
                        }
                    }
                    guard let self else { return }
                    await self.receive(parsed, generation: gen)
                }
                await self?.lost(generation: gen, reason: "closed by the relay")
            } catch {
                await self?.lost(generation: gen, reason: "\(error)")
            }
        }
        for id in subscriptions.keys { subscriptions[id]?.lastActivity = .now }
        // Everything still waiting for an answer goes out again: relays treat a re-sent event as a duplicate.
        var replay: [String] = subscriptions.keys.sorted().compactMap { id in
            subscriptions[id].map { ClientMessage.req(subscriptionID: id, filters: $0.resumeFilters).json }
        }
        replay += pendingOK.values.filter { !$0.isAuth }.map(\.message)
        replay += pendingCounts.values.map(\.message)
        if !replay.isEmpty {
            Task { for text in replay { try? await ws.send(text: text) } }
        }
    }

    /// Sends `text` on the open socket; when there is none, the reconnect replays what is pending.
    func send(_ text: String) async {
        guard let ws = socket else { return }
        try? await ws.send(text: text)
    }

    /// The socket of `generation` ended.
    func lost(generation gen: Int, reason: String) {
        guard gen == generation, socket != nil else { return }
        socket = nil
        failAuth(.disconnected(relay: url.string, reason: reason))
        for (id, p) in pendingOK where p.isAuth {
            p.promise.fulfill(.failure(.disconnected(relay: url.string, reason: reason)))
            pendingOK[id] = nil
        }
        guard !closedByClient else { return }
        let hasWork = !subscriptions.isEmpty || !pendingOK.isEmpty || !pendingCounts.isEmpty
        guard hasWork else { return }
        guard let backoff = options.reconnect else {
            failEverything(.disconnected(relay: url.string, reason: reason))
            return
        }
        options.log("\(url.string): connection lost (\(reason)); reconnecting")
        guard reconnecting == nil else { return }
        reconnecting = Task { await self.reconnectLoop(backoff, firstReason: reason) }
    }

    private func reconnectLoop(_ backoff: Backoff, firstReason: String) async {
        var attempt = 0
        var lastReason = firstReason
        while socket == nil, !closedByClient, hasOpenWork {
            if let max = backoff.maxAttempts, attempt >= max {
                failEverything(.disconnected(relay: url.string, reason: "\(lastReason); gave up after \(attempt) reconnect attempts"))
                break
            }
            do { try await Task.sleep(for: backoff.delay(attempt: attempt)) } catch { break }
            attempt += 1
            do throws(RelayError) { try await connect() } catch { lastReason = "\(error)" }
        }
        reconnecting = nil
    }

    private var hasOpenWork: Bool { !subscriptions.isEmpty || !pendingOK.isEmpty || !pendingCounts.isEmpty }

    /// Ends every subscription and wait with `error`.
    func failEverything(_ error: RelayError) {
        for (_, s) in subscriptions { s.finish(throwing: error) }
        subscriptions = [:]
        for (_, p) in pendingOK { p.promise.fulfill(.failure(error)) }
        pendingOK = [:]
        for (_, c) in pendingCounts { c.promise.fulfill(.failure(error)) }
        pendingCounts = [:]
        failAuth(error)
    }

    /// Closes the socket for good: subscriptions end normally, pending publishes and counts fail.
    public func close() async {
        closedByClient = true
        reconnecting?.cancel()
        for (_, s) in subscriptions { s.finish(throwing: nil) }
        subscriptions = [:]
        let error = RelayError.closedByClient(relay: url.string)
        for (_, p) in pendingOK { p.promise.fulfill(.failure(error)) }
        pendingOK = [:]
        for (_, c) in pendingCounts { c.promise.fulfill(.failure(error)) }
        pendingCounts = [:]
        failAuth(error)
        let ws = socket
        socket = nil
        generation += 1
        await ws?.close()
    }

    /// A fresh subscription id: short, unique on this connection.
    func makeID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }
}
