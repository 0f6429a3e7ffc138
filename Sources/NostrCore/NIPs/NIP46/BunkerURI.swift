/// A `bunker://REMOTE_SIGNER_PUBKEY?relay=…&secret=…` token (46.md "Direct connection initiated by
/// remote-signer"). The secret is one-time and never shown in `description`.
public struct BunkerURI: Sendable, Hashable, CustomStringConvertible {
    /// The remote signer's key (not necessarily the user's).
    public let remoteSignerPubkey: PublicKey
    /// Relays the remote signer listens on.
    public let relays: [String]
    /// The optional one-time connection secret.
    public let secret: String?

    /// A token.
    public init(remoteSignerPubkey: PublicKey, relays: [String], secret: String? = nil) {
        self.remoteSignerPubkey = remoteSignerPubkey
        self.relays = relays
        self.secret = secret
    }

    /// Parses a `bunker://` URI; at least one relay is required.
    public init(_ text: String) throws(NIP46Error) {
        let (pubkey, items) = try NIP46URIParts.split(text, scheme: "bunker")
        let relays = items.filter { $0.name == "relay" }.map(\.value).filter { !$0.isEmpty }
        guard !relays.isEmpty else { throw .invalidURI("no relay parameter") }
        let secret = items.first { $0.name == "secret" }?.value
        self.init(remoteSignerPubkey: pubkey, relays: NIP46URIParts.unique(relays), secret: secret?.isEmpty == true ? nil : secret)
    }

    /// The URI, every value percent-encoded.
    public var uri: String {
        var query = relays.map { "relay=" + PercentEncoding.encode($0) }
        if let secret { query.append("secret=" + PercentEncoding.encode(secret)) }
        return "bunker://\(remoteSignerPubkey.hex)?" + query.joined(separator: "&")
    }

    /// The URI with the secret redacted.
    public var description: String {
        "bunker://\(remoteSignerPubkey.hex)?" + relays.map { "relay=" + $0 }.joined(separator: "&")
            + (secret == nil ? "" : "&secret=<redacted>")
    }
}

/// Shared parsing of `SCHEME://HEXPUBKEY?query`.
enum NIP46URIParts {
    static func split(_ text: String, scheme: String) throws(NIP46Error) -> (PublicKey, [(name: String, value: String)]) {
        let s = text.trimmingSpacesNIP46
        let prefix = scheme + "://"
        guard s.lowercased().hasPrefix(prefix) else { throw .invalidURI("the scheme is not \(scheme)://") }
        let rest = s.dropFirst(prefix.count)
        let pathQuery = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pathQuery[0].hasSuffix("/") ? pathQuery[0].dropLast() : pathQuery[0]
        guard path.utf8.count == 64, let pubkey = try? PublicKey(hex: path) else {
            throw .invalidURI("the part after \(prefix) is not a 64-character hex public key")
        }
        guard pathQuery.count == 2 else { return (pubkey, []) }
        guard let items = PercentEncoding.queryItems(pathQuery[1]) else { throw .invalidURI("a query value has a broken %-escape") }
        return (pubkey, items)
    }

    static func unique(_ relays: [String]) -> [String] {
        var seen = Set<String>()
        return relays.filter { seen.insert($0).inserted }
    }
}
