import NostrCore

/// A checked zap invoice and what produced it.
public struct ZapInvoice: Sendable, Hashable {
    /// The signed kind-9734 zap request sent to the callback.
    public let zapRequest: Event
    /// The invoice, already checked against the amount and the zap request's hash.
    public let invoice: InvoiceResponse
    /// The service's pay parameters (its `nostrPubkey` signs the receipt).
    public let payResponse: PayResponse
    /// The `lnurl` tag put in the zap request.
    public let lnurl: String?

    /// The BOLT-11 text to pay.
    public var bolt11: String { invoice.pr }
}
