import NostrCore

/// The opening handshake (RFC 6455 §4) as pure functions over HTTP heads.
public enum WebSocketHandshake {
    /// §1.3: the GUID appended to the key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes in base64 (§4.1).
    public static func makeKey() -> String { Base64.encode(SecureRandom.bytes(16)) }

    /// The `Sec-WebSocket-Accept` a server must answer to `key`.
    public static func acceptValue(for key: String) -> String { Base64.encode(SHA1.hash(Array((key + guid).utf8))) }

    /// The client's upgrade request for `url` (§4.1).
    public static func request(for url: WebSocketURL, key: String, extraHeaders: HTTPHeaders = HTTPHeaders()) -> HTTPRequestHead {
        var h = HTTPHeaders()
        h.add("Host", url.hostHeader)
        h.add("Upgrade", "websocket")
        h.add("Connection", "Upgrade")
        h.add("Sec-WebSocket-Key", key)
        h.add("Sec-WebSocket-Version", "13")
        for (name, value) in extraHeaders { h.add(name, value) }
        return HTTPRequestHead(method: "GET", target: url.target, headers: h)
    }

    /// Checks a server's answer to a request sent with `key` (§4.1, the client's checks 1–4).
    public static func validate(_ response: HTTPResponseHead, key: String) throws(WebSocketError) {
        guard response.status == 101 else { throw .handshakeRejected(status: response.status, reason: response.reason) }
        guard response.headers.contains("Upgrade", token: "websocket"), response.headers.contains("Connection", token: "upgrade") else {
            throw .handshakeMissingUpgrade
        }
        let expected = Array(acceptValue(for: key).utf8)
        let got = Array((response.headers["Sec-WebSocket-Accept"] ?? "").utf8)
        guard ConstantTime.equals(expected, got) else { throw .handshakeBadAccept }
    }

    /// Whether a request asks to upgrade to a WebSocket at all (as opposed to plain HTTP).
    public static func isUpgrade(_ request: HTTPRequestHead) -> Bool {
        request.headers.contains("Upgrade", token: "websocket")
    }

    /// A server's checks of an upgrade request (§4.2.1): the response to send, and whether it is the 101 that opens the socket.
    public static func accept(_ request: HTTPRequestHead) -> (response: HTTPResponseHead, accepted: Bool) {
        func refuse(_ status: Int, _ reason: String, _ extra: HTTPHeaders = HTTPHeaders()) -> (response: HTTPResponseHead, accepted: Bool) {
            var h = extra
            h.add("Content-Length", "0")
            h.add("Connection", "close")
            return (HTTPResponseHead(status: status, reason: reason, headers: h), false)
        }
        guard request.method == "GET", request.version == "HTTP/1.1" else { return refuse(400, "Bad Request") }
        guard request.headers.contains("Connection", token: "upgrade") else { return refuse(400, "Bad Request") }
        guard request.headers["Sec-WebSocket-Version"] == "13" else {
            return refuse(426, "Upgrade Required", ["Sec-WebSocket-Version": "13"])
        }
        guard let key = request.headers["Sec-WebSocket-Key"], Base64.decode(key)?.count == 16 else { return refuse(400, "Bad Request") }
        var h = HTTPHeaders()
        h.add("Upgrade", "websocket")
        h.add("Connection", "Upgrade")
        h.add("Sec-WebSocket-Accept", acceptValue(for: key))
        return (HTTPResponseHead(status: 101, reason: "Switching Protocols", headers: h), true)
    }
}
