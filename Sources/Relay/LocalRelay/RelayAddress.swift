/// A relay URL reduced to what NIP-42 compares: lower-cased host and the port when one is written.
/// The scheme (ws/wss/http/https), a path and a trailing slash are ignored.
struct RelayAddress: Hashable, Sendable {
    let host: String
    let port: UInt16?

    /// Parses `wss://Relay.Example.com:443/`, `127.0.0.1:10547`, `[::1]:80` or a `Host:` header value.
    init?(_ text: String) {
        var rest = Substring(text.lowercased())
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<slash] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        var host = rest
        var port: UInt16?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") {
                guard let p = UInt16(after.dropFirst()) else { return nil }
                port = p
            } else if !after.isEmpty { return nil }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = UInt16(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        }
        guard !host.isEmpty else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// Same host, and the same port when both name one (a proxied `wss://host/` has none on either side).
    func matches(_ other: RelayAddress) -> Bool {
        guard host == other.host else { return false }
        guard let a = port, let b = other.port else { return true }
        return a == b
    }
}
