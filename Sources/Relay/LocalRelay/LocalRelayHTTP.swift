import NostrCore

/// The relay's plain HTTP answers: the NIP-11 document, CORS preflight, and a short page for browsers.
enum LocalRelayHTTP {
    /// NIP-11: relays MUST accept CORS requests.
    static let cors: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Headers", "*"),
        ("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"),
    ]

    static func respond(to request: HTTPServerRequest, information: RelayInformation) -> HTTPResponse {
        var headers = HTTPHeaders(cors)
        switch request.head.method {
        case "OPTIONS":
            return HTTPResponse(status: 204, headers: headers)
        case "GET", "HEAD":
            break
        default:
            headers.set("Allow", "GET, HEAD, OPTIONS")
            headers.set("Content-Type", "text/plain; charset=utf-8")
            return HTTPResponse(status: 405, headers: headers, body: Array("use GET, or a WebSocket for Nostr messages\n".utf8))
        }
        if request.head.headers.contains("Accept", token: "application/nostr+json") {
            headers.set("Content-Type", "application/nostr+json")
            return HTTPResponse(status: 200, headers: headers, body: information.jsonValue.serializedBytes)
        }
        headers.set("Content-Type", "text/plain; charset=utf-8")
        return HTTPResponse(status: 200, headers: headers,
                            body: Array("\(information.name ?? "relay"): connect with a Nostr client over WebSocket\n".utf8))
    }
}
