import NostrCore

/// NIP-11: fetches a relay's information document over HTTP(S) at the relay's own address.
/// https://github.com/nostr-protocol/nips/blob/master/11.md
public struct RelayInformationClient: Sendable {
    /// The HTTP client used.
    public let http: any HTTPTransport

    /// A client over `http`.
    public init(http: any HTTPTransport = URLSessionHTTPTransport()) {
        self.http = http
    }

    /// The document of `relay` as JSON (an object); throws `.unreachable` or `.invalidInformation` naming the relay.
    public func fetch(_ relay: RelayURL, timeout: Duration = .seconds(10)) async throws(RelayError) -> JSONValue {
        let ws = relay.webSocketURL
        let url = "\(ws.secure ? "https" : "http")://\(ws.hostHeader)\(ws.target)"
        // NIP-11: the document is served at the relay's URI to requests that accept application/nostr+json.
        let request = HTTPRequest(url: url, headers: ["Accept": "application/nostr+json"], timeout: timeout, followRedirects: true)
        let response: HTTPResponse
        do { response = try await http.send(request) } catch {
            switch error {
            case let .timedOut(_, seconds): throw .connectTimeout(relay: relay.string, seconds: seconds)
            default: throw .unreachable(relay: relay.string, reason: "\(error)")
            }
        }
        guard response.status == 200 else {
            throw .invalidInformation(relay: relay.string, reason: "HTTP \(response.status) \(HTTPResponse.reason(for: response.status))")
        }
        let document: JSONValue
        do { document = try JSONValue.parse(response.body) } catch {
            throw .invalidInformation(relay: relay.string, reason: "not JSON: \(error)")
        }
        guard document.objectValue != nil else {
            throw .invalidInformation(relay: relay.string, reason: "the document is not a JSON object")
        }
        return document
    }
}
