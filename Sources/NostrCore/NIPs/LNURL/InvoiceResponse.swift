/// The LNURL-pay callback's answer (LUD-06): `{"pr": "<bolt11>", ...}` or `{"status":"ERROR","reason":…}`.
public struct InvoiceResponse: Sendable, Hashable {
    /// The BOLT-11 invoice text.
    public let pr: String
    /// The decoded invoice.
    public let invoice: BOLT11Invoice

    /// Parses the callback's JSON; an ERROR answer throws `.serviceError` with the service's reason.
    public init(json: some Collection<UInt8>) throws(LNURLError) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidResponse(error.description) }
        if let status = v["status"]?.stringValue, status.uppercased() == "ERROR" {
            throw .serviceError(reason: v["reason"]?.stringValue ?? "no reason given")
        }
        guard let pr = v["pr"]?.stringValue, !pr.isEmpty else { throw .invalidResponse("no pr (invoice)") }
        do { invoice = try BOLT11Invoice(pr) } catch { throw .invalidResponse("pr is not an invoice: \(error)") }
        self.pr = pr
    }

    /// Parses the callback's JSON text.
    public init(json: String) throws(LNURLError) { try self.init(json: Array(json.utf8)) }

    /// LUD-06 and NIP-57: the invoice must be for `amountMsat` and commit, in its description hash, to
    /// the zap request's JSON for a zap, or to the pay response's `metadata` for a plain payment.
    public func check(amountMsat: UInt64, zapRequestJSON: String? = nil, metadata: String? = nil) throws(LNURLError) {
        guard invoice.amountMsat == amountMsat else {
            throw .invoiceMismatch("invoice is for \(invoice.amountMsat.map { "\($0) msat" } ?? "any amount"), not \(amountMsat) msat")
        }
        if let zapRequestJSON, invoice.descriptionHash != SHA256.hash(zapRequestJSON) {
            throw .invoiceMismatch("invoice description hash is not the SHA-256 of the zap request")
        }
        if let metadata, invoice.descriptionHash != SHA256.hash(metadata) {
            throw .invoiceMismatch("invoice description hash is not the SHA-256 of the pay metadata")
        }
    }
}
