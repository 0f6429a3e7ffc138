/// LNURL (LUD-01 bech32 URLs, LUD-06 pay, LUD-16 lightning addresses), the parts that need no network.
/// https://github.com/lnurl/luds
public enum LNURL {
    /// The URL inside a bech32 `lnurl1…` string (either case, optional `lightning:` prefix; no length limit).
    public static func decode(_ text: String) throws(LNURLError) -> String {
        var s = NIP05Identifier.trimmed(text)
        if s.lowercased().hasPrefix("lightning:") { s = s.dropFirst("lightning:".count) }
        let decoded: (hrp: String, data: [UInt8])
        do { decoded = try Bech32.decode(String(s)) } catch { throw .invalidLNURL(error.description) }
        guard decoded.hrp == "lnurl" else { throw .invalidLNURL("prefix is \"\(decoded.hrp)\", not \"lnurl\"") }
        guard let url = String(validating: decoded.data, as: UTF8.self) else { throw .invalidLNURL("payload is not UTF-8") }
        return url
    }

    /// The bech32 `lnurl1…` form of `url` (lower case; upper-case it for QR codes).
    public static func encode(_ url: String) -> String {
        Bech32.encode(hrp: "lnurl", data: Array(url.utf8))
    }

    /// The LNURL-pay endpoint of a lightning address: `https://domain/.well-known/lnurlp/name`
    /// (http for localhost and 127.0.0.1, with their optional port).
    public static func url(forLightningAddress address: String) throws(LNURLError) -> String {
        try LightningAddress(address).url
    }

    /// The LNURL-pay URL for whatever a user typed: a lightning address, a bech32 `lnurl1…` (optionally
    /// `lightning:`-prefixed), a LUD-17 `lnurlp://` URL, or a plain http(s) URL.
    public static func payURL(for input: String) throws(LNURLError) -> String {
        let s = String(NIP05Identifier.trimmed(input))
        let lower = s.lowercased()
        if lower.hasPrefix("lnurlp://") {
            // LUD-17: the scheme stands for https (http for onion services).
            let rest = s.dropFirst("lnurlp://".count)
            let host = rest.split(separator: "/", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            return (host.hasSuffix(".onion") ? "http://" : "https://") + rest
        }
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return s }
        if s.contains("@") { return try LightningAddress(s).url }
        return try decode(s)
    }

    /// The callback URL that asks for an invoice: `callback?amount=MSAT[&nostr=<zap request JSON>][&lnurl=…][&comment=…]`,
    /// each value percent-encoded (NIP-57 Appendix B).
    public static func callbackURL(_ callback: String, amountMsat: UInt64, zapRequestJSON: String? = nil,
                                   lnurl: String? = nil, comment: String? = nil) -> String {
        var query = "amount=\(amountMsat)"
        if let zapRequestJSON { query += "&nostr=" + PercentEncoding.encode(zapRequestJSON) }
        if let lnurl { query += "&lnurl=" + PercentEncoding.encode(lnurl) }
        if let comment { query += "&comment=" + PercentEncoding.encode(comment) }
        // LUD-06: the callback may already carry query parameters; ours are appended to them.
        let separator = callback.contains("?") ? (callback.hasSuffix("?") || callback.hasSuffix("&") ? "" : "&") : "?"
        return callback + separator + query
    }
}

/// A LUD-16 lightning address, `name@domain`.
public struct LightningAddress: Sendable, Hashable, CustomStringConvertible {
    /// The user name, lower-cased.
    public let name: String
    /// The domain, lower-cased, with an optional `:port`.
    public let domain: String

    /// Parses `name@domain`; the name may use `a-z0-9-_.+` (LUD-16).
    public init(_ text: String) throws(LNURLError) {
        let parts = NIP05Identifier.trimmed(text).split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .invalidLightningAddress(text) }
        let name = parts[0].lowercased(), domain = parts[1].lowercased()
        guard !name.isEmpty, name.utf8.allSatisfy({ NIP05Identifier.isNameByte($0) || $0 == 0x2b }),
              NIP05Identifier.isDomain(domain) else { throw .invalidLightningAddress(text) }
        self.name = name
        self.domain = domain
    }

    /// The LNURL-pay endpoint, `https://domain/.well-known/lnurlp/name` (http on loopback hosts).
    public var url: String { "\(HostScheme.scheme(for: domain))://\(domain)/.well-known/lnurlp/\(name)" }

    /// The same endpoint as a bech32 `lnurl1…`, for the `lnurl` tag of a zap request.
    public var lnurl: String { LNURL.encode(url) }

    public var description: String { "\(name)@\(domain)" }
}
