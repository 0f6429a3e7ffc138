import Glibc
import NostrCore
import Relay
import Synchronization

/// A NIP-47 wallet service for tests: an in-memory ledger behind a real relay connection. It publishes its info event,
/// answers requests (23194) with responses (23195) and sends a notification after each payment.
public final class TestWallet: Sendable {
    /// The wallet service's key.
    public let secret: SecretKey
    /// The relay it listens on.
    public let relay: String
    private let encryptions: [NWCEncryption]
    private let silent: Bool
    private let onPay: @Sendable (BOLT11Invoice) async -> Void
    private let connection: RelayConnection
    private let state: Mutex<(balance: Int64, ledger: [WalletTransaction], requests: [Event])>
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// A wallet holding `balanceMsat`. `silent` wallets never answer (for timeouts); `onPay` runs after each paid
    /// invoice (an LNURL test server publishes its zap receipt there).
    public init(relay: String, balanceMsat: Int64, encryptions: [NWCEncryption] = [.nip44, .nip04], silent: Bool = false,
                onPay: @escaping @Sendable (BOLT11Invoice) async -> Void = { _ in }) throws {
        secret = try SecretKey(hex: Hex.encode(SHA256.hash("test wallet \(relay) \(balanceMsat)")))
        self.relay = relay
        self.encryptions = encryptions
        self.silent = silent
        self.onPay = onPay
        var options = RelayOptions()
        options.eoseTimeout = nil
        connection = RelayConnection(url: try RelayURL(relay), options: options)
        state = Mutex((balanceMsat, [], []))
    }

    /// A connection URI for a client holding `clientSecret`.
    public func uri(clientSecret: SecretKey) -> WalletConnectURI {
        WalletConnectURI(walletPubkey: secret.publicKey, relays: [relay], secret: clientSecret)
    }

    /// The balance now, in millisats.
    public var balanceMsat: Int64 { state.withLock { $0.balance } }
    /// Requests received so far.
    public var requests: [Event] { state.withLock { $0.requests } }

    /// Publishes the info event and starts answering; returns once the request subscription is live.
    public func start() async throws {
        let info = WalletServiceInfo(methods: ["pay_invoice", "multi_pay_invoice", "make_invoice", "lookup_invoice", "list_transactions",
                                               "get_balance", "get_info"], encryptions: encryptions, notifications: ["payment_sent"])
        _ = try await connection.publish(try info.unsignedEvent(walletPubkey: secret.publicKey, createdAt: Self.now).sign(with: secret))
        let sub = try await connection.subscribe([Filter(kinds: [.walletRequest], tags: ["p": [secret.publicKey.hex]])])
        var iterator = sub.messages.makeAsyncIterator()
        while let m = try await iterator.next() { if m == .eose { break } }
        let task = Task { [iterator] in
            var it = iterator
            while let m = try? await it.next() {
                if case let .event(e) = m { await self.handle(e) }
            }
        }
        loop.withLock { $0 = task }
    }

    /// Stops answering and disconnects.
    public func stop() async {
        loop.withLock { $0 }?.cancel()
        await connection.close()
    }

    private static var now: Int64 { Int64(time(nil)) }

    private func handle(_ event: Event) async {
        state.withLock { $0.requests.append(event) }
        guard !silent, let request = try? NWC.request(event, walletSecret: secret) else { return }
        switch request {
        case let .multiPayInvoice(invoices):
            for p in invoices {
                let hash = (try? BOLT11Invoice(p.invoice))?.paymentHash.map(Hex.encode) ?? ""
                await answer(event, await pay(p), resultType: "multi_pay_invoice", d: p.id ?? hash)
            }
        default:
            await answer(event, await respond(request), resultType: request.method, d: nil)
        }
    }

    private func respond(_ request: WalletRequest) async -> Result<WalletResult, WalletError> {
        switch request {
        case let .payInvoice(p): return await pay(p)
        case let .makeInvoice(m):
            let hash = SHA256.hash("invoice \(m.amountMsat) \(Self.now) \(state.withLock { $0.ledger.count })")
            let invoice = TestInvoice.make(amountMsat: UInt64(max(m.amountMsat, 1)), paymentHash: hash, description: m.description ?? "")
            let t = WalletTransaction(direction: .incoming, amountMsat: m.amountMsat, state: .pending, invoice: invoice,
                                      paymentHash: Hex.encode(hash), createdAt: Self.now)
            state.withLock { $0.ledger.append(t) }
            return .success(.transaction(t))
        case let .lookupInvoice(hash, invoice):
            let wanted = hash ?? invoice.flatMap { (try? BOLT11Invoice($0))?.paymentHash.map(Hex.encode) }
            guard let t = state.withLock({ $0.ledger.first { $0.paymentHash == wanted } }) else {
                return .failure(WalletError(code: .notFound, message: "no invoice with that payment hash"))
            }
            return .success(.transaction(t))
        case .listTransactions:
            let list = state.withLock { $0.ledger.reversed() as [WalletTransaction] }
            return .success(.transactions(list, totalCount: Int64(list.count)))
        case .getBalance:
            return .success(.balance(msat: balanceMsat))
        case .getInfo:
            var info = WalletNodeInfo(methods: ["pay_invoice", "make_invoice", "get_balance", "get_info"], notifications: ["payment_sent"])
            info.alias = "test wallet"
            info.network = "regtest"
            return .success(.info(info))
        default:
            return .failure(WalletError(code: .notImplemented, message: "\(request.method) is not supported by the test wallet"))
        }
    }

    private func pay(_ p: WalletRequest.PayInvoice) async -> Result<WalletResult, WalletError> {
        guard let invoice = try? BOLT11Invoice(p.invoice, strict: false) else {
            return .failure(WalletError(code: .other, message: "not a BOLT-11 invoice"))
        }
        guard let amount = invoice.amountMsat.map(Int64.init) ?? p.amountMsat else {
            return .failure(WalletError(code: .other, message: "the invoice has no amount and none was given"))
        }
        let paid = state.withLock { s -> Bool in
            guard s.balance >= amount else { return false }
            s.balance -= amount
            var t = WalletTransaction(direction: .outgoing, amountMsat: amount, state: .settled, invoice: p.invoice,
                                      paymentHash: invoice.paymentHash.map(Hex.encode), createdAt: Self.now)
            t.preimage = Hex.encode(SHA256.hash(p.invoice))
            s.ledger.append(t)
            return true
        }
        guard paid else {
            return .failure(WalletError(code: .insufficientBalance, message: "balance \(balanceMsat) msat is less than \(amount) msat"))
        }
        await onPay(invoice)
        return .success(.payment(preimage: Hex.encode(SHA256.hash(p.invoice)), feesPaidMsat: 0))
    }

    private func answer(_ request: Event, _ result: Result<WalletResult, WalletError>, resultType: String, d: String?) async {
        let response = switch result {
        case let .success(r): WalletResponse(resultType: resultType, result: r)
        case let .failure(e): WalletResponse(resultType: resultType, error: e)
        }
        let scheme = NWC.encryption(of: request)
        guard var unsigned = try? NWC.responseEvent(response, to: request, walletPubkey: secret.publicKey, createdAt: Self.now,
                                                    encrypt: { (text) throws(NIP47Error) in
                                                        try NWC.encrypt(text, encryption: scheme, secret: self.secret, peer: request.pubkey)
                                                    }) else { return }
        if let d { unsigned.tags.append(["d", d]) }
        guard let signed = try? unsigned.sign(with: secret) else { return }
        _ = try? await connection.publish(signed)
        if case .success(.payment) = result,
           let note = try? NWC.notificationEvent(.paymentSent(WalletTransaction(direction: .outgoing, amountMsat: 0)), client: request.pubkey,
                                                 walletSecret: secret, createdAt: Self.now) {
            _ = try? await connection.publish(note)
        }
    }
}
