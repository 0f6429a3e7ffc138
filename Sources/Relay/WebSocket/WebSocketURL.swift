/// A parsed `ws://` or `wss://` URL: what the transport needs to connect and to write the request line.
public struct WebSocketURL: Sendable, Hashable, CustomStringConvertible {
    /// True for `wss://`.
    public let secure: Bool
    /// The host name or IP literal, without IPv6 brackets.
    public let host: String
    /// The port, defaulted from the scheme.
    public let port: UInt16
    /// Path and query, at least "/".
    public let target: String

    /// Parses `text`; only the ws and wss schemes are accepted.
    public init(_ text: String) throws(WebSocketError) {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("wss://") { secure = true; rest = text.dropFirst(6) }
        else if lower.hasPrefix("ws://") { secure = false; rest = text.dropFirst(5) }
        else { throw .invalidURL(text) }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
        if path.isEmpty || path.first == "?" { path = "/" + path }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var hostPart: Substring
        var portPart: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidURL(text) }
            hostPart = authority[authority.index(after: authority.startIndex) ..< close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw .invalidURL(text) }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
        }
        guard !hostPart.isEmpty, !hostPart.contains(" ") else { throw .invalidURL(text) }
        if let portPart {
            guard let p = UInt16(portPart), p > 0 else { throw .invalidURL(text) }
            port = p
        } else {
            port = secure ? 443 : 80
        }
        host = String(hostPart)
        target = path
    }

    /// The value of the `Host` header: the port only when not the scheme's default, IPv6 in brackets.
    public var hostHeader: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? h : "\(h):\(port)"
    }

    public var description: String { "\(secure ? "wss" : "ws")://\(hostHeader)\(target)" }
}
