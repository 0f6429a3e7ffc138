/// NIP-47 Nostr Wallet Connect connection URIs. https://github.com/nostr-protocol/nips/blob/master/47.md
public struct WalletConnectURI: Sendable, Hashable, CustomStringConvertible {
    /// The wallet service's public key (the URI's base path).
    public let walletPubkey: PublicKey
    /// Relays the wallet service listens on; at least one.
    public let relays: [String]
    /// The client's secret: it signs requests and encrypts payloads. Never printed.
    public let secret: SecretKey
    /// A lightning address the client may put on the user's profile.
    public let lud16: String?

    public init(walletPubkey: PublicKey, relays: [String], secret: SecretKey, lud16: String? = nil) {
        self.walletPubkey = walletPubkey
        self.relays = relays
        self.secret = secret
        self.lud16 = lud16
    }

    /// Parses `nostr+walletconnect://PUBKEY?relay=…&secret=…[&lud16=…]` (the `//` is optional).
    public init(_ text: String) throws(NIP47Error) {
        let s = NIP05Identifier.trimmed(text)
        let scheme = "nostr+walletconnect:"
        guard s.lowercased().hasPrefix(scheme) else { throw .invalidURI("scheme is not nostr+walletconnect") }
        var rest = s.dropFirst(scheme.count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let pathQuery = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pathQuery[0].hasSuffix("/") ? pathQuery[0].dropLast() : pathQuery[0]
        guard let pubkey = try? PublicKey(hex: path) else { throw .invalidURI("the path is not a 64-hex wallet public key") }
        guard pathQuery.count == 2, let items = PercentEncoding.queryItems(pathQuery[1]) else {
            throw .invalidURI("no query parameters")
        }
        let relays = items.filter { $0.name == "relay" }.map(\.value).filter { !$0.isEmpty }
        guard !relays.isEmpty else { throw .invalidURI("no relay parameter") }
        guard let secretHex = items.first(where: { $0.name == "secret" })?.value else { throw .invalidURI("no secret parameter") }
        guard secretHex.utf8.count == 64, let secret = try? SecretKey(hex: secretHex) else {
            throw .invalidURI("secret is not a 32-byte hex secret key")
        }
        let lud16 = items.first { $0.name == "lud16" }?.value
        self.init(walletPubkey: pubkey, relays: relays, secret: secret, lud16: lud16?.isEmpty == true ? nil : lud16)
    }

    /// The URI with every parameter percent-encoded: relays first, then secret, then lud16.
    public var uri: String {
        var query = relays.map { "relay=" + PercentEncoding.encode($0) }
        query.append("secret=" + secret.hex)
        if let lud16 { query.append("lud16=" + PercentEncoding.encode(lud16)) }
        return "nostr+walletconnect://\(walletPubkey.hex)?" + query.joined(separator: "&")
    }

    /// The client's public key (the wallet service addresses responses to it).
    public var clientPubkey: PublicKey { secret.publicKey }

    /// The URI with the secret redacted.
    public var description: String {
        "nostr+walletconnect://\(walletPubkey.hex)?relay=\(relays.joined(separator: ","))&secret=<redacted>"
    }
}
