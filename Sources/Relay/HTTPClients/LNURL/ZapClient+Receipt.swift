import NostrCore

extension ZapClient {
    /// Waits for the receipt (kind 9735) of `zap` on `relays` (the zap request's `relays` tag): the first one signed by
    /// the service's `nostrPubkey` that embeds this very zap request and passes NIP-57 Appendix F. Receipts that fail
    /// are skipped, since anyone can publish a kind 9735.
    public static func waitForReceipt(_ zap: ZapInvoice, pool: RelayPool, relays: [RelayURL],
                                      timeout: Duration = .seconds(30)) async throws(LNURLClientError) -> ZapReceipt {
        guard let recipient = zap.zapRequest.firstTagValue("p") else { throw .lnurl(.invalidResponse("the zap request has no p tag")) }
        // Providers stamp receipts with the payment time, which can trail the request by clock skew: look back a little.
        let filter = Filter(kinds: [.zapReceipt], tags: ["p": [recipient]], since: zap.zapRequest.createdAt - 600)
        let subscription = pool.subscribe([filter], on: relays)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            subscription.close()
        }
        defer {
            timer.cancel()
            subscription.close()
        }
        var problem: String?
        for await message in subscription.messages {
            guard case let .event(event, _) = message else { continue }
            do {
                let receipt = try ZapReceipt(event: event, expectedSigner: zap.payResponse.nostrPubkey, recipientLNURL: zap.lnurl)
                if receipt.request.id == zap.zapRequest.id { return receipt }
            } catch {
                problem = error.description
            }
        }
        throw .noReceipt(relays: relays.map(\.string), seconds: timeout.seconds, problem: problem)
    }
}
