import NostrCore

/// NIP-05 lookups over HTTP: `name@domain` to a key and relays, and verification of a profile's `nip05`.
/// https://github.com/nostr-protocol/nips/blob/master/05.md
public struct NIP05Client: Sendable {
    /// Where requests go.
    public let transport: any HTTPTransport
    /// How long one lookup may take.
    public let timeout: Duration

    /// A client over `transport` (URLSession by default).
    public init(transport: any HTTPTransport = URLSessionHTTPTransport(), timeout: Duration = .seconds(10)) {
        self.transport = transport
        self.timeout = timeout
    }

    /// Fetches `https://domain/.well-known/nostr.json?name=…` (http on loopback hosts) and parses it.
    public func document(for identifier: NIP05Identifier) async throws(NIP05ClientError) -> NIP05Document {
        let url = identifier.wellKnownURL
        let response: HTTPResponse
        do {
            // NIP-05: "Fetchers MUST ignore any HTTP redirects given by the /.well-known/nostr.json endpoint."
            response = try await transport.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout,
                                                            followRedirects: false))
        } catch {
            throw .http(error)
        }
        if (300..<400).contains(response.status) {
            throw .redirect(url: url, status: response.status, location: response.headers["Location"])
        }
        guard response.status == 200 else { throw .status(url: url, status: response.status) }
        do { return try NIP05Document(json: response.body) } catch { throw .document(url: url, error) }
    }

    /// The key and relays `text` (`name@domain`, `_@domain` or `domain`) stands for.
    public func resolve(_ text: String) async throws(NIP05ClientError) -> NIP05Profile {
        let identifier: NIP05Identifier
        do { identifier = try NIP05Identifier(text) } catch { throw .identifier(error) }
        let document = try await document(for: identifier)
        do {
            let key = try document.pubkey(for: identifier.name)
            return NIP05Profile(identifier: identifier, pubkey: key, relays: document.relays(for: key))
        } catch {
            throw .document(url: identifier.wellKnownURL, error)
        }
    }

    /// Checks that `text` maps to `pubkey`; returns the relays listed for it.
    @discardableResult
    public func verify(_ text: String, pubkey: PublicKey) async throws(NIP05ClientError) -> [String] {
        let identifier: NIP05Identifier
        do { identifier = try NIP05Identifier(text) } catch { throw .identifier(error) }
        let document = try await document(for: identifier)
        do { return try NIP05.verify(identifier, pubkey: pubkey, document: document) } catch {
            throw .document(url: identifier.wellKnownURL, error)
        }
    }

    /// Verifies a kind-0 profile's `nip05` field against its author.
    public func verify(profile: Event) async throws(NIP05ClientError) -> NIP05Profile {
        guard let nip05 = (try? JSONValue.parse(profile.content))?["nip05"]?.stringValue, !nip05.isEmpty else { throw .noIdentifier }
        let relays = try await verify(nip05, pubkey: profile.pubkey)
        do { return NIP05Profile(identifier: try NIP05Identifier(nip05), pubkey: profile.pubkey, relays: relays) } catch {
            throw .identifier(error)
        }
    }
}
