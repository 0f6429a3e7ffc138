import Glibc
import NostrCore
import Relay
import Synchronization

/// An LNURL-pay service with NIP-57 zaps for tests, on a TestHTTPServer: `/.well-known/lnurlp/<name>` and a callback
/// that issues invoices committing to the zap request. `paid(_:)` publishes the zap receipt, as a provider does once
/// the invoice is settled; `mode` makes it misbehave in one chosen way.
public final class TestLNURLService: Sendable {
    /// How the service answers.
    public enum Mode: Sendable {
        case normal
        /// The invoice is for 1 sat more than asked.
        case amountMismatch
        /// The callback answers HTTP 500 with an LNURL error reason.
        case errorStatus
        /// The callback answers something that is not JSON.
        case malformed
        /// The pay endpoint does not announce zap support.
        case noZaps
    }

    /// The key that signs zap receipts (`nostrPubkey`).
    public let provider: SecretKey
    private let server: TestHTTPServer
    private let state: State

    private final class State: Sendable {
        let mode: Mode
        let base = Mutex<String>("")
        /// Payment hash hex → the zap request JSON the invoice commits to.
        let requests = Mutex<[String: String]>([:])
        init(mode: Mode) { self.mode = mode }
    }

    /// Starts the service.
    public init(mode: Mode = .normal) throws {
        provider = try SecretKey(hex: String(repeating: "1f", count: 32))
        let state = State(mode: mode)
        let providerKey = provider.publicKey
        let server = try TestHTTPServer { request in Self.route(request, state: state, provider: providerKey) }
        state.base.withLock { $0 = server.baseURL }
        self.server = server
        self.state = state
    }

    /// `alice@127.0.0.1:PORT`.
    public var address: String { "alice@\(server.authority)" }
    /// The requests the service answered.
    public var requests: [HTTPServerRequest] { server.requests }

    /// Stops the service.
    public func shutdown() async { await server.shutdown() }

    /// Publishes the zap receipt for a paid invoice to the relays its zap request names.
    public func paid(_ invoice: BOLT11Invoice) async {
        guard let hash = invoice.paymentHash.map(Hex.encode), let json = state.requests.withLock({ $0[hash] }),
              let request = try? Event(json: json) else { return }
        let receipt = NIP57.zapReceipt(for: request, requestJSON: json, bolt11: invoice.string, provider: provider.publicKey,
                                       paidAt: Int64(time(nil)))
        guard let signed = try? receipt.sign(with: provider) else { return }
        let relays = request.tags.first { $0.name == "relays" }.map { Array($0.fields.dropFirst()) } ?? []
        for r in relays {
            guard let url = try? RelayURL(r) else { continue }
            let connection = RelayConnection(url: url)
            _ = try? await connection.publish(signed)
            await connection.close()
        }
    }

    private static func route(_ request: HTTPServerRequest, state: State, provider: PublicKey) -> HTTPResponse {
        let base = state.base.withLock { $0 }
        if request.head.path == "/.well-known/lnurlp/moved" {
            return HTTPResponse(status: 302, headers: ["Location": "\(base)/.well-known/lnurlp/alice"])
        }
        if request.head.path == "/.well-known/lnurlp/alice" {
            let zaps = state.mode == .noZaps ? "" : #","allowsNostr":true,"nostrPubkey":"\#(provider.hex)""#
            return .json(#"{"tag":"payRequest","callback":"\#(base)/callback","minSendable":1000,"maxSendable":100000000,"#
                         + #""metadata":"[[\"text/plain\",\"zap alice\"]]","commentAllowed":100\#(zaps)}"#)
        }
        guard request.head.path == "/callback" else { return HTTPResponse(status: 404, text: "no\n") }
        switch state.mode {
        case .errorStatus: return .json(#"{"status":"ERROR","reason":"the node is offline"}"#, status: 500)
        case .malformed: return HTTPResponse(status: 200, text: "<html>oops</html>")
        default: break
        }
        let query = request.head.target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let items = PercentEncoding.queryItems(query) ?? []
        guard let amount = items.first(where: { $0.name == "amount" }).flatMap({ UInt64($0.value) }) else {
            return .json(#"{"status":"ERROR","reason":"no amount"}"#, status: 400)
        }
        guard let json = items.first(where: { $0.name == "nostr" })?.value else {
            return .json(#"{"status":"ERROR","reason":"zaps only"}"#, status: 400)
        }
        do { _ = try NIP57.callbackParameters(query: query) } catch {
            return .json(#"{"status":"ERROR","reason":"bad zap request"}"#, status: 400)
        }
        let paymentHash = SHA256.hash("payment \(json)")
        state.requests.withLock { $0[Hex.encode(paymentHash)] = json }
        let invoiceAmount = state.mode == .amountMismatch ? amount + 1000 : amount
        let pr = TestInvoice.make(amountMsat: invoiceAmount, paymentHash: paymentHash, descriptionHash: SHA256.hash(json))
        return .json(#"{"pr":"\#(pr)","routes":[]}"#)
    }
}
