/// A `nostrconnect://CLIENT_PUBKEY?relay=…&secret=…&perms=…&name=…&url=…&image=…` token (46.md "Direct
/// connection initiated by the client"). The older form carrying `metadata={"name":…,"url":…,"perms":[…]}`
/// is read too; the current form is always written.
public struct NostrConnectURI: Sendable, Hashable, CustomStringConvertible {
    /// The client's key, which the signer answers to.
    public let clientPubkey: PublicKey
    /// Relays the client listens on.
    public let relays: [String]
    /// The secret the signer must return as the `connect` result (required by the spec).
    public let secret: String
    /// The permissions the client asks for.
    public let permissions: NIP46Permissions
    /// Name, url and image as the client gave them.
    public let metadata: NIP46ClientMetadata

    /// A token.
    public init(clientPubkey: PublicKey, relays: [String], secret: String,
                permissions: NIP46Permissions = .none, metadata: NIP46ClientMetadata = NIP46ClientMetadata()) {
        self.clientPubkey = clientPubkey
        self.relays = relays
        self.secret = secret
        self.permissions = permissions
        self.metadata = metadata
    }

    /// Parses a `nostrconnect://` URI: at least one relay and a secret are required.
    public init(_ text: String) throws(NIP46Error) {
        let (pubkey, items) = try NIP46URIParts.split(text, scheme: "nostrconnect")
        func first(_ name: String) -> String? {
            guard let v = items.first(where: { $0.name == name })?.value, !v.isEmpty else { return nil }
            return v
        }
        let relays = items.filter { $0.name == "relay" }.map(\.value).filter { !$0.isEmpty }
        guard !relays.isEmpty else { throw .invalidURI("no relay parameter") }
        guard let secret = first("secret") else { throw .invalidURI("no secret parameter (46.md requires one)") }
        var metadata = NIP46ClientMetadata(name: first("name"), url: first("url"), image: first("image"))
        var perms = try NIP46Permissions(parsing: first("perms") ?? "")
        if let legacy = first("metadata") {
            // The pre-2024 form put everything in one JSON object; perms there is an array of strings.
            let old = try NIP46ClientMetadata(json: legacy)
            metadata = NIP46ClientMetadata(name: metadata.name ?? old.name, url: metadata.url ?? old.url,
                                           image: metadata.image ?? old.image)
            if case let .array(list)? = (try? JSONValue.parse(legacy))?["perms"] {
                perms = perms.union(try NIP46Permissions(parsing: list.compactMap(\.stringValue).joined(separator: ",")))
            }
        }
        self.init(clientPubkey: pubkey, relays: NIP46URIParts.unique(relays), secret: secret, permissions: perms, metadata: metadata)
    }

    /// The URI, every value percent-encoded.
    public var uri: String {
        var query = relays.map { "relay=" + PercentEncoding.encode($0) }
        query.append("secret=" + PercentEncoding.encode(secret))
        if !permissions.isEmpty { query.append("perms=" + PercentEncoding.encode(permissions.description)) }
        if let name = metadata.name { query.append("name=" + PercentEncoding.encode(name)) }
        if let url = metadata.url { query.append("url=" + PercentEncoding.encode(url)) }
        if let image = metadata.image { query.append("image=" + PercentEncoding.encode(image)) }
        return "nostrconnect://\(clientPubkey.hex)?" + query.joined(separator: "&")
    }

    /// The URI with the secret redacted.
    public var description: String {
        "nostrconnect://\(clientPubkey.hex)?" + relays.map { "relay=" + $0 }.joined(separator: "&") + "&secret=<redacted>"
    }
}
