import NostrCore

/// LNURL-pay over HTTP (LUD-06, LUD-16): the service's pay parameters, then an invoice from its callback, checked
/// against what was asked before anyone pays it. https://github.com/lnurl/luds
public struct LNURLClient: Sendable {
    /// Where requests go.
    public let transport: any HTTPTransport
    /// How long one request may take.
    public let timeout: Duration

    /// A client over `transport` (URLSession by default).
    public init(transport: any HTTPTransport = URLSessionHTTPTransport(), timeout: Duration = .seconds(10)) {
        self.transport = transport
        self.timeout = timeout
    }

    /// The pay parameters for what a user typed: a lightning address, an `lnurl1…`, an `lnurlp://` or http(s) URL.
    public func payResponse(for input: String) async throws(LNURLClientError) -> PayResponse {
        let url: String
        do { url = try LNURL.payURL(for: input) } catch { throw .lnurl(error) }
        let body = try await get(url)
        do { return try PayResponse(json: body) } catch { throw .lnurl(error) }
    }

    /// Asks the callback for an invoice of `amountMsat` and checks it (LUD-06 step 6; NIP-57 Appendix B): the amount
    /// must be the one requested, and the description hash must commit to the zap request (or to the metadata).
    public func invoice(_ pay: PayResponse, amountMsat: UInt64, zapRequest: Event? = nil, lnurl: String? = nil,
                        comment: String? = nil) async throws(LNURLClientError) -> InvoiceResponse {
        let url: String
        do { url = try pay.invoiceURL(amountMsat: amountMsat, zapRequest: zapRequest, lnurl: lnurl, comment: comment) } catch {
            throw .lnurl(error)
        }
        let body = try await get(url)
        do {
            let invoice = try InvoiceResponse(json: body)
            if let zapRequest {
                try invoice.check(amountMsat: amountMsat, zapRequestJSON: zapRequest.json)
            } else {
                try invoice.check(amountMsat: amountMsat, metadata: pay.metadata)
            }
            return invoice
        } catch {
            throw .lnurl(error)
        }
    }

    /// GETs `url`; any status but 200 is an error carrying the service's `reason` when it sent one.
    private func get(_ url: String) async throws(LNURLClientError) -> [UInt8] {
        let response: HTTPResponse
        do {
            // LUD-01 services sit behind ordinary web servers, which may redirect http to https or add a slash.
            response = try await transport.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout,
                                                            followRedirects: true))
        } catch {
            throw .http(error)
        }
        guard response.status == 200 else {
            let reason = (try? JSONValue.parse(response.body))?["reason"]?.stringValue
            throw .status(url: url, status: response.status, reason: reason.map { String($0.prefix(300)) })
        }
        return response.body
    }
}
