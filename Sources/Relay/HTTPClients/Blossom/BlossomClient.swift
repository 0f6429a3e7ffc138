import NostrCore

/// A Blossom server client: BUD-01 get/has, BUD-02 upload, BUD-04 mirror, BUD-06 preflight, BUD-12 list and
/// delete, each authorized by a BUD-11 token signed by a `Signer`. Downloads are checked against their hash.
/// https://github.com/hzrd149/blossom
public struct BlossomClient: Sendable {
    /// The server's base URL, e.g. `https://cdn.example.com`, without a trailing slash.
    public let server: String
    /// Where requests go.
    public let transport: any HTTPFileTransport
    /// How long one request may take (uploads of large files need more than the default 10 s).
    public let timeout: Duration
    /// How long a signed authorization stays valid.
    public let authorizationLifetime: Int64

    /// A client for `server`: an http(s) URL, or a host (https, but http for localhost and 127.0.0.1).
    public init(server: String, transport: any HTTPFileTransport = URLSessionFileTransport(maxResponseSize: 256 << 20),
                timeout: Duration = .seconds(300), authorizationLifetime: Int64 = 300) throws(BlossomClientError) {
        self.server = try Self.normalize(server)
        self.transport = transport
        self.timeout = timeout
        self.authorizationLifetime = authorizationLifetime
    }

    /// The lower-case domain for BUD-11 `server` tags ("a lowercase domain name only": no scheme, no port).
    public var domain: String {
        let afterScheme = server.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? server
        if afterScheme.hasPrefix("[") { return String(afterScheme.prefix { $0 != "]" }.dropFirst()).lowercased() }
        return String(afterScheme.split(separator: ":").first ?? "").lowercased()
    }

    // MARK: BUD-01

    /// The blob, checked against `sha256` (BUD-01 lets servers redirect, so redirects are followed).
    public func download(sha256: String) async throws(BlossomClientError) -> [UInt8] {
        let hash = try Self.checkHash(sha256)
        let url = "\(server)/\(hash)"
        let response = try await send(HTTPRequest(url: url, timeout: timeout, followRedirects: true))
        try Self.expect(response, url: url, [200])
        let got = Hex.encode(SHA256.hash(response.body))
        guard got == hash else { throw .hashMismatch(expected: hash, got: got) }
        return response.body
    }

    /// Whether the server has the blob (`HEAD /<sha256>`).
    public func has(sha256: String) async throws(BlossomClientError) -> Bool {
        let hash = try Self.checkHash(sha256)
        let url = "\(server)/\(hash)"
        let response = try await send(HTTPRequest(method: "HEAD", url: url, timeout: timeout, followRedirects: true))
        if response.status == 404 { return false }
        try Self.expect(response, url: url, [200])
        return true
    }

    // MARK: BUD-02 and BUD-06

    /// Asks whether an upload would be accepted (`HEAD /upload`, BUD-06); throws the server's refusal.
    public func preflight(_ file: BlobFile, type: String? = nil, signer: (any Signer)?, now: Int64) async throws(BlossomClientError) {
        let url = "\(server)/upload"
        var headers: HTTPHeaders = ["X-SHA-256": file.sha256, "X-Content-Length": "\(file.size)",
                                    "X-Content-Type": type ?? file.mimeType]
        if let signer {
            headers.add("Authorization", try await authorization(.upload, hashes: [file.sha256], content: "Upload Blob",
                                                                 signer: signer, now: now))
        }
        let response = try await send(HTTPRequest(method: "HEAD", url: url, headers: headers, timeout: timeout))
        try Self.expect(response, url: url, [200])
    }

    /// Uploads a file streamed from disk (`PUT /upload`); checks that the server stored the same hash.
    public func upload(_ file: BlobFile, type: String? = nil, signer: some Signer, now: Int64,
                       progress: UploadProgress? = nil) async throws(BlossomClientError) -> BlobDescriptor {
        let url = "\(server)/upload"
        let auth = try await authorization(.upload, hashes: [file.sha256], content: "Upload Blob", signer: signer, now: now)
        let headers: HTTPHeaders = ["Content-Type": type ?? file.mimeType, "Content-Length": "\(file.size)",
                                    "X-SHA-256": file.sha256, "Authorization": auth]
        let response: HTTPResponse
        do {
            response = try await transport.upload(HTTPRequest(method: "PUT", url: url, headers: headers, timeout: timeout),
                                                  fromFile: file.path, progress: progress)
        } catch {
            throw .http(error)
        }
        return try Self.descriptor(response, url: url, expectedHash: file.sha256)
    }

    /// Uploads bytes held in memory (`PUT /upload`).
    public func upload(_ bytes: [UInt8], type: String = "application/octet-stream", signer: some Signer,
                       now: Int64) async throws(BlossomClientError) -> BlobDescriptor {
        let url = "\(server)/upload"
        let hash = Hex.encode(SHA256.hash(bytes))
        let auth = try await authorization(.upload, hashes: [hash], content: "Upload Blob", signer: signer, now: now)
        let headers: HTTPHeaders = ["Content-Type": type, "X-SHA-256": hash, "Authorization": auth]
        let response = try await send(HTTPRequest(method: "PUT", url: url, headers: headers, body: bytes, timeout: timeout))
        return try Self.descriptor(response, url: url, expectedHash: hash)
    }

    // MARK: BUD-04

    /// Asks the server to copy the blob at `url` (`PUT /mirror`). The token's `x` tag needs the blob's hash: the
    /// one given, else the 64-hex name in the URL (Blossom URLs carry it).
    public func mirror(url blobURL: String, sha256: String? = nil, signer: some Signer,
                       now: Int64) async throws(BlossomClientError) -> BlobDescriptor {
        guard let hash = try sha256.map(Self.checkHash) ?? Self.hash(inURL: blobURL) else { throw .invalidHash(blobURL) }
        let url = "\(server)/mirror"
        let auth = try await authorization(.upload, hashes: [hash], content: "Mirror Blob", signer: signer, now: now)
        let body = JSONValue.object(["url": .string(blobURL)]).serializedBytes
        let response = try await send(HTTPRequest(method: "PUT", url: url, headers: ["Content-Type": "application/json",
                                                                                     "Authorization": auth],
                                                  body: body, timeout: timeout))
        return try Self.descriptor(response, url: url, expectedHash: hash)
    }

    // MARK: BUD-12

    /// The blobs `pubkey` uploaded (`GET /list/<pubkey>`), newest first; authorized when a signer is given.
    public func list(pubkey: PublicKey, signer: (any Signer)? = nil, now: Int64) async throws(BlossomClientError) -> [BlobDescriptor] {
        let url = "\(server)/list/\(pubkey.hex)"
        var headers = HTTPHeaders()
        if let signer { headers.add("Authorization", try await authorization(.list, content: "List Blobs", signer: signer, now: now)) }
        let response = try await send(HTTPRequest(url: url, headers: headers, timeout: timeout))
        try Self.expect(response, url: url, [200])
        do { return try BlobDescriptor.list(json: response.body) } catch { throw .descriptor(error) }
    }

    /// Deletes the blob (`DELETE /<sha256>`); a token scoped to this server and hash, as BUD-11 advises for deletes.
    public func delete(sha256: String, signer: some Signer, now: Int64) async throws(BlossomClientError) {
        let hash = try Self.checkHash(sha256)
        let url = "\(server)/\(hash)"
        let auth = try await authorization(.delete, hashes: [hash], servers: [domain], content: "Delete Blob", signer: signer, now: now)
        let response = try await send(HTTPRequest(method: "DELETE", url: url, headers: ["Authorization": auth], timeout: timeout))
        try Self.expect(response, url: url, [200, 204])
    }

    // MARK: helpers

    /// A signed `Authorization: Nostr …` value (BUD-11).
    public func authorization(_ verb: BlossomAuth.Verb, hashes: [String] = [], servers: [String] = [], content: String,
                              signer: some Signer, now: Int64) async throws(BlossomClientError) -> String {
        do {
            let me = try await signer.publicKey()
            let token = BlossomAuth.token(verb: verb, pubkey: me, createdAt: now, expiration: now + authorizationLifetime,
                                          hashes: hashes, servers: servers, content: content)
            return BlossomAuth.header(for: try await signer.sign(token))
        } catch {
            throw .signer(error)
        }
    }

    private func send(_ request: HTTPRequest) async throws(BlossomClientError) -> HTTPResponse {
        do { return try await transport.send(request) } catch { throw .http(error) }
    }

    private static func expect(_ response: HTTPResponse, url: String, _ statuses: Set<Int>) throws(BlossomClientError) {
        guard statuses.contains(response.status) else {
            // BUD-01: X-Reason is for people; a short plain-text body says the same on servers that skip the header.
            let reason = response.headers["X-Reason"] ?? (response.body.count < 300 && !response.body.isEmpty ? response.text : nil)
            throw .status(url: url, status: response.status, reason: reason.map { String($0.prefix(300)) })
        }
    }

    private static func descriptor(_ response: HTTPResponse, url: String, expectedHash: String) throws(BlossomClientError) -> BlobDescriptor {
        try expect(response, url: url, [200, 201])
        let d: BlobDescriptor
        do { d = try BlobDescriptor(json: response.body) } catch { throw .descriptor(error) }
        guard d.sha256 == expectedHash else { throw .hashMismatch(expected: expectedHash, got: d.sha256) }
        return d
    }

    /// `text` as a lower-case hash, or `.invalidHash`.
    static func checkHash(_ text: String) throws(BlossomClientError) -> String {
        let lower = text.lowercased()
        guard lower.utf8.count == 64, Hex.decode(lower) != nil else { throw .invalidHash(text) }
        return lower
    }

    /// The last 64-hex run in a URL's path (`…/<sha256>.png`).
    static func hash(inURL url: String) -> String? {
        let path = url.split(separator: "?", maxSplits: 1).first ?? ""
        guard let last = path.split(separator: "/").last else { return nil }
        let name = last.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        return try? checkHash(name)
    }

    /// `https://host[:port]` from what a user typed; http for loopback hosts, as for NIP-05.
    static func normalize(_ text: String) throws(BlossomClientError) -> String {
        var s = text.filter { !$0.isWhitespace }
        if let range = s.range(of: "://") {
            let scheme = s[..<range.lowerBound].lowercased()
            let host = s[range.upperBound...].prefix { $0 != "/" }
            guard scheme == "http" || scheme == "https", !host.isEmpty, !host.contains("@") else { throw .invalidServer(text) }
            while s.hasSuffix("/") { s.removeLast() }
            return s
        }
        while s.hasSuffix("/") { s.removeLast() }
        guard !s.isEmpty, !s.contains("/"), !s.contains("@") else { throw .invalidServer(text) }
        let host = s.lowercased().split(separator: ":").first.map(String.init) ?? s
        return (host == "localhost" || host == "127.0.0.1" ? "http://" : "https://") + s
    }
}
