import Glibc
import NostrCore
import Synchronization

/// A Nostr Wallet Connect client (NIP-47): requests (kind 23194) to the wallet named by a `nostr+walletconnect://`
/// URI, encrypted with NIP-44 v2 when the wallet's info event (13194) announces it and NIP-04 otherwise, and its
/// responses (23195) matched by request id. https://github.com/nostr-protocol/nips/blob/master/47.md
public final class WalletConnectClient: Sendable {
    /// The connection: wallet key, relays and the client secret.
    public let uri: WalletConnectURI
    /// How long to wait for each answer.
    public let timeout: Duration
    let pool: RelayPool
    let relays: [RelayURL]
    private let cachedInfo = Mutex<WalletServiceInfo?>(nil)
    let clock: @Sendable () -> Int64

    /// A client for `uri`, talking to its relays through `pool` (created from `options` when not given).
    public init(uri: WalletConnectURI, pool: RelayPool? = nil, options: RelayOptions = RelayOptions(), timeout: Duration = .seconds(60),
                clock: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }) throws(WalletConnectError) {
        var urls: [RelayURL] = []
        for r in uri.relays {
            do { urls.append(try RelayURL(r)) } catch { throw .unreachable(relays: uri.relays, reason: error.description) }
        }
        self.uri = uri
        self.relays = urls
        self.pool = pool ?? RelayPool(options: options)
        self.timeout = timeout
        self.clock = clock
    }

    /// Closes the relay connections.
    public func close() async { await pool.close() }

    // MARK: info

    /// The wallet's info event (13194): its methods and encryptions. Cached after the first fetch.
    public func info() async throws(WalletConnectError) -> WalletServiceInfo {
        if let info = cachedInfo.withLock({ $0 }) { return info }
        let result = await pool.query([Filter(authors: [uri.walletPubkey], kinds: [.walletInfo], limit: 1)], on: relays)
        if result.events.isEmpty, result.failures.count == relays.count {
            throw .unreachable(relays: uri.relays, reason: result.failures.values.map(\.description).joined(separator: "; "))
        }
        // NIP-47: without an info event nothing says NIP-44 is understood, and NIP-04 is what every wallet reads.
        var info = WalletServiceInfo(methods: [], encryptions: [.nip04])
        if let event = result.events.first {
            do { info = try WalletServiceInfo(event: event) } catch { throw .invalidResponse(error) }
        }
        cachedInfo.withLock { $0 = info }
        return info
    }

    // MARK: requests

    /// Sends `request` and waits for `expecting` responses (more than one only for `multi_pay_*`); each comes with
    /// its event, whose `d` tag names the invoice a `multi_pay_invoice` answer is about.
    public func send(_ request: WalletRequest, expecting: Int = 1) async throws(WalletConnectError) -> [(event: Event, response: WalletResponse)] {
        let encryption = try await info().preferredEncryption
        let now = clock()
        let seconds = timeout.seconds
        let event: Event
        do {
            // NIP-40 expiration: a wallet that sees the request late must not pay it.
            event = try NWC.requestEvent(request, uri: uri, encryption: encryption, createdAt: now, expiration: now + Int64(seconds.rounded(.up)) + 5)
        } catch {
            throw .request(error)
        }
        let filter = Filter(authors: [uri.walletPubkey], kinds: [.walletResponse], tags: ["e": [event.id.hex], "p": [uri.clientPubkey.hex]])
        let subscription = pool.subscribe([filter], on: relays)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            subscription.close()
        }
        defer {
            timer.cancel()
            subscription.close()
        }
        var answers: [(event: Event, response: WalletResponse)] = []
        var published = false
        var failures: [String] = []
        for await message in subscription.messages {
            switch message {
            case .eose:
                // Responses are ephemeral: publish only once a subscription is in place to catch them.
                guard !published else { continue }
                published = true
                let outcomes = await pool.publish(event, to: relays)
                if !outcomes.contains(where: \.isSuccess) {
                    throw .unreachable(relays: uri.relays, reason: outcomes.map { "\($0.result)" }.joined(separator: "; "))
                }
            case let .event(e, _):
                do { answers.append((e, try NWC.response(e, uri: uri))) } catch { throw .invalidResponse(error) }
                if answers.count >= expecting { return answers }
            case let .failed(relay, error):
                failures.append("\(relay): \(error)")
                if failures.count == relays.count { throw .unreachable(relays: uri.relays, reason: failures.joined(separator: "; ")) }
            }
        }
        throw .timeout(relays: uri.relays, seconds: seconds)
    }

    /// Sends `request` and returns its one result, or the wallet's error thrown.
    public func call(_ request: WalletRequest) async throws(WalletConnectError) -> WalletResult? {
        guard let answer = try await send(request).first else { throw .timeout(relays: uri.relays, seconds: timeout.seconds) }
        guard answer.response.resultType == request.method else {
            throw .unexpectedResult(method: request.method, got: answer.response.resultType)
        }
        do { return try answer.response.get() } catch { throw .wallet(error) }
    }
}
