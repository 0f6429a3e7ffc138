import NostrCore

extension WalletConnectClient {
    /// `pay_invoice`: pays a BOLT-11 invoice (`amountMsat` for invoices without an amount); the preimage proves it.
    public func payInvoice(_ invoice: String, amountMsat: Int64? = nil) async throws(WalletConnectError) -> (preimage: String, feesPaidMsat: Int64?) {
        let request = WalletRequest.payInvoice(.init(invoice: invoice, amountMsat: amountMsat))
        guard case let .payment(preimage, fees)? = try await call(request) else { throw unexpected(request) }
        return (preimage, fees)
    }

    /// `multi_pay_invoice`: one answer per invoice, keyed by the invoice's `id` (its payment hash when none was given).
    public func multiPayInvoice(_ invoices: [WalletRequest.PayInvoice]) async throws(WalletConnectError)
        -> [String: Result<(preimage: String, feesPaidMsat: Int64?), WalletError>] {
        var out: [String: Result<(preimage: String, feesPaidMsat: Int64?), WalletError>] = [:]
        for (event, response) in try await send(.multiPayInvoice(invoices), expecting: invoices.count) {
            let key = event.firstTagValue("d") ?? event.id.hex
            do {
                guard case let .payment(preimage, fees)? = try response.get() else { throw unexpected(.multiPayInvoice(invoices)) }
                out[key] = .success((preimage, fees))
            } catch let error as WalletError {
                out[key] = .failure(error)
            } catch {
                throw unexpected(.multiPayInvoice(invoices))
            }
        }
        return out
    }

    /// `make_invoice`: a new invoice for `amountMsat`.
    public func makeInvoice(amountMsat: Int64, description: String? = nil, expiry: Int64? = nil) async throws(WalletConnectError) -> WalletTransaction {
        let request = WalletRequest.makeInvoice(.init(amountMsat: amountMsat, description: description, expiry: expiry))
        guard case let .transaction(t)? = try await call(request) else { throw unexpected(request) }
        return t
    }

    /// `lookup_invoice`: by payment hash or by invoice.
    public func lookupInvoice(paymentHash: String? = nil, invoice: String? = nil) async throws(WalletConnectError) -> WalletTransaction {
        let request = WalletRequest.lookupInvoice(paymentHash: paymentHash, invoice: invoice)
        guard case let .transaction(t)? = try await call(request) else { throw unexpected(request) }
        return t
    }

    /// `list_transactions`: newest first, as the wallet pages them.
    public func listTransactions(_ query: WalletRequest.ListTransactions = .init()) async throws(WalletConnectError) -> [WalletTransaction] {
        let request = WalletRequest.listTransactions(query)
        guard case let .transactions(list, _)? = try await call(request) else { throw unexpected(request) }
        return list
    }

    /// `get_balance`, in millisats.
    public func getBalance() async throws(WalletConnectError) -> Int64 {
        guard case let .balance(msat)? = try await call(.getBalance) else { throw unexpected(.getBalance) }
        return msat
    }

    /// `get_info`: the node and the methods this connection may use.
    public func getInfo() async throws(WalletConnectError) -> WalletNodeInfo {
        guard case let .info(info)? = try await call(.getInfo) else { throw unexpected(.getInfo) }
        return info
    }

    /// Notifications (23197 NIP-44, 23196 NIP-04) addressed to this connection, from now on; undecryptable ones are
    /// skipped. Ends when the stream's consumer stops or `close()` is called.
    public func notifications() -> AsyncStream<WalletNotification> {
        let filter = Filter(authors: [uri.walletPubkey], kinds: [.walletNotification, .walletNotificationNIP04],
                            tags: ["p": [uri.clientPubkey.hex]], since: clock())
        let subscription = pool.subscribe([filter], on: relays)
        let uri = self.uri
        return AsyncStream { continuation in
            let task = Task {
                for await m in subscription.messages {
                    if case let .event(e, _) = m, let n = try? NWC.notification(e, uri: uri) { continuation.yield(n) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                subscription.close()
            }
        }
    }

    private func unexpected(_ request: WalletRequest) -> WalletConnectError {
        .invalidResponse(.invalidPayload("no \(request.method) result in the response"))
    }
}
