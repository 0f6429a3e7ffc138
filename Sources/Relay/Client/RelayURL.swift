/// A relay address in one canonical form, so that `relay.damus.io`, `wss://Relay.Damus.io/` and
/// `wss://relay.damus.io:443` name the same connection.
///
/// A bare host gets `wss://`, except `localhost`, `127.0.0.1` and `::1`, which get `ws://` so local test relays work;
/// `https://`/`http://` are read as `wss://`/`ws://` (as nak does). The canonical form drops a default port and a
/// trailing slash and lower-cases scheme and host.
public struct RelayURL: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical text, e.g. `wss://relay.damus.io` or `ws://127.0.0.1:10547`.
    public let string: String
    /// What the WebSocket transport connects to.
    public let webSocketURL: WebSocketURL

    /// Parses and normalises `text`; throws `.invalidURL` for anything that is not a ws/wss URL with a host.
    public init(_ text: String) throws(RelayError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalidURL(text, reason: "empty") }
        let lower = trimmed.lowercased()
        let rest: Substring
        let secure: Bool
        if lower.hasPrefix("wss://") { secure = true; rest = trimmed.dropFirst(6) }
        else if lower.hasPrefix("ws://") { secure = false; rest = trimmed.dropFirst(5) }
        else if lower.hasPrefix("https://") { secure = true; rest = trimmed.dropFirst(8) }
        else if lower.hasPrefix("http://") { secure = false; rest = trimmed.dropFirst(7) }
        else if lower.contains("://") {
            throw .invalidURL(text, reason: "a relay URL starts with ws:// or wss://")
        } else {
            rest = trimmed[...]
            secure = !Self.isLocal(rest)
        }
        guard rest.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\\" }) else {
            throw .invalidURL(text, reason: "contains spaces or characters a host cannot have")
        }
        let parsed: WebSocketURL
        do { parsed = try WebSocketURL((secure ? "wss://" : "ws://") + rest) } catch {
            throw .invalidURL(text, reason: "expected [ws[s]://]host[:port][/path]")
        }
        let host = parsed.host.lowercased()
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "_" }),
              host.first != ".", host.first != "-"
        else { throw .invalidURL(text, reason: "\"\(parsed.host.prefix(80))\" is not a host name") }
        var target = parsed.target
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        let hostText = host.contains(":") ? "[\(host)]" : host
        let portText = parsed.port == (secure ? 443 : 80) ? "" : ":\(parsed.port)"
        let pathText = target == "/" ? "" : target
        string = "\(secure ? "wss" : "ws")://\(hostText)\(portText)\(pathText)"
        do { webSocketURL = try WebSocketURL(string) } catch { throw .invalidURL(text, reason: "expected [ws[s]://]host[:port][/path]") }
    }

    /// The host name, lower-cased.
    public var host: String { webSocketURL.host }

    public var description: String { string }

    public static func < (a: RelayURL, b: RelayURL) -> Bool { a.string < b.string }

    /// Whether a scheme-less address names this machine (then plain `ws://` is the sensible default).
    private static func isLocal(_ rest: Substring) -> Bool {
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        for local in ["localhost", "127.0.0.1", "[::1]"] {
            if authority == local || authority.hasPrefix(local + ":") { return true }
        }
        return false
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
