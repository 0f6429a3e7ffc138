import Glibc
import NostrCore

/// Blossom routes for the relay's HTTP port (`serve --blossom DIR`): BUD-01 `GET`/`HEAD /<sha256>`, BUD-02
/// `PUT /upload`, BUD-06 `HEAD /upload`, BUD-04 `PUT /mirror`, BUD-12 `GET /list/<pubkey>` and `DELETE /<sha256>`,
/// with BUD-11 tokens required to upload, mirror and delete. https://github.com/hzrd149/blossom
public final class BlossomServer: Sendable {
    /// How the server behaves.
    public struct Configuration: Sendable {
        /// The largest blob accepted, in bytes (the relay's HTTP body limit applies too).
        public var maxBlobSize: Int64 = 16 << 20
        /// The base URL put in blob descriptors; nil means `http://<Host header>`.
        public var publicURL: String?
        /// Unix seconds, for authorization expiry and upload times.
        public var clock: @Sendable () -> Int64 = { Int64(time(nil)) }
        /// Fetches mirrored blobs.
        public var transport: any HTTPTransport = URLSessionHTTPTransport()

        /// The defaults.
        public init() {}
    }

    let store: BlobStore
    let configuration: Configuration

    /// Serves the blobs in `directory` (created when missing).
    public init(directory: String, configuration: Configuration = Configuration()) throws(BlobStoreError) {
        store = try BlobStore(directory: directory)
        self.configuration = configuration
    }

    /// The answer to a Blossom request, or nil for paths Blossom does not define (the relay answers those).
    public func respond(to request: HTTPServerRequest) async -> HTTPResponse? {
        let method = request.head.method.uppercased()
        let segments = request.head.path.split(separator: "/").map(String.init)
        switch (method, segments.first) {
        case ("OPTIONS", _):
            return Self.response(204)
        case ("PUT", "upload"?) where segments.count == 1:
            return upload(request)
        case ("HEAD", "upload"?) where segments.count == 1:
            return preflight(request)
        case ("PUT", "mirror"?) where segments.count == 1:
            return await mirror(request)
        case ("GET", "list"?) where segments.count == 2:
            return list(request, pubkey: segments[1])
        case ("GET", let name?), ("HEAD", let name?), ("DELETE", let name?):
            guard segments.count == 1, let sha = Self.hash(fromName: name) else { return nil }
            return method == "DELETE" ? delete(request, sha: sha) : get(sha)
        default:
            return nil
        }
    }

    // MARK: routes

    /// BUD-01: the blob with its type, or 404.
    func get(_ sha: String) -> HTTPResponse {
        guard let record = store.record(sha), let bytes = store.bytes(sha) else { return Self.failure(404, "blob \(sha) not found") }
        return Self.response(200, ["Content-Type": record.type, "Accept-Ranges": "none"], body: bytes)
    }

    /// BUD-02: stores the body; 201 when new, 200 when it already existed.
    func upload(_ request: HTTPServerRequest) -> HTTPResponse {
        let body = request.body
        guard Int64(body.count) <= configuration.maxBlobSize else { return tooLarge(Int64(body.count)) }
        let sha = Hex.encode(SHA256.hash(body))
        if let claimed = request.head.headers["X-SHA-256"], claimed.lowercased() != sha {
            return Self.failure(409, "X-SHA-256 \(claimed.prefix(64)) does not match the body's SHA-256 \(sha)")
        }
        let token: Event
        switch authorize(request, .upload, hash: sha) {
        case let .success(t): token = t
        case let .failure(box): return box.response
        }
        let type = Self.mediaType(request.head.headers["Content-Type"])
        return keep(body, sha: sha, type: type, owner: token.pubkey.hex, request: request)
    }

    /// BUD-06: would `PUT /upload` with these X- headers be accepted?
    func preflight(_ request: HTTPServerRequest) -> HTTPResponse {
        let headers = request.head.headers
        guard let claimed = headers["X-SHA-256"] else { return Self.failure(400, "X-SHA-256 header missing") }
        guard let sha = Self.hash(fromName: claimed), !claimed.contains(".") else {
            return Self.failure(400, "X-SHA-256 is not a lower-case hex SHA-256")
        }
        guard let lengthText = headers["X-Content-Length"] else { return Self.failure(411, "X-Content-Length header missing") }
        guard let length = Int64(lengthText), length >= 0 else { return Self.failure(400, "X-Content-Length is not a size") }
        guard length <= configuration.maxBlobSize else { return tooLarge(length) }
        if case let .failure(box) = authorize(request, .upload, hash: sha) { return box.response }
        return Self.response(200)
    }

    /// BUD-04: fetches `url` from the JSON body and stores it when its hash is one the token allows.
    func mirror(_ request: HTTPServerRequest) async -> HTTPResponse {
        guard let url = (try? JSONValue.parse(request.body))?["url"]?.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return Self.failure(400, "the body must be {\"url\": \"http(s)://…\"}")
        }
        // The hash is known only after the download: check the token against one of its own `x` tags first (BUD-11
        // requires one for mirror), so strangers cannot make us fetch, then the blob's hash against all of them.
        let token: Event
        switch authorize(request, .upload, hash: "", anyListedHash: true) {
        case let .success(t): token = t
        case let .failure(box): return box.response
        }
        let fetched: HTTPResponse
        do {
            fetched = try await configuration.transport.send(HTTPRequest(url: url, timeout: .seconds(60), followRedirects: true))
        } catch {
            return Self.failure(502, "could not fetch \(url.prefix(200)): \(error)")
        }
        guard fetched.status == 200 else { return Self.failure(502, "\(url.prefix(200)) answered HTTP \(fetched.status)") }
        guard Int64(fetched.body.count) <= configuration.maxBlobSize else { return tooLarge(Int64(fetched.body.count)) }
        let sha = Hex.encode(SHA256.hash(fetched.body))
        // BUD-11: mirror requires an `x` tag; BUD-04: a mismatch is 409.
        guard token.tagValues("x").map({ $0.lowercased() }).contains(sha) else {
            return Self.failure(409, "the mirrored blob's SHA-256 \(sha) is not in the authorization's x tags")
        }
        let type = Self.mediaType(fetched.headers["Content-Type"])
        return keep(fetched.body, sha: sha, type: type, owner: token.pubkey.hex, request: request)
    }

    /// BUD-12: the descriptors `pubkey` uploaded, newest first, with `cursor`/`limit` (and `since`/`until`).
    func list(_ request: HTTPServerRequest, pubkey: String) -> HTTPResponse {
        guard pubkey.utf8.count == 64, (try? PublicKey(hex: pubkey)) != nil else { return Self.failure(400, "not a hex public key") }
        // Listing needs no token here; one that is sent must still be valid (BUD-11).
        if request.head.headers["Authorization"] != nil, case let .failure(box) = authorize(request, .list, hash: nil) {
            return box.response
        }
        let query = request.head.target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        guard let items = PercentEncoding.queryItems(query) else { return Self.failure(400, "malformed query") }
        func value(_ name: String) -> String? { items.last { $0.name == name }?.value }
        var records = store.list(owner: pubkey.lowercased())
        if let since = value("since").flatMap({ Int64($0) }) { records.removeAll { $0.uploaded < since } }
        if let until = value("until").flatMap({ Int64($0) }) { records.removeAll { $0.uploaded > until } }
        if let cursor = value("cursor") {
            guard let i = records.firstIndex(where: { $0.sha256 == cursor.lowercased() }) else {
                return Self.failure(400, "cursor \(cursor.prefix(64)) is not a blob of this list")
            }
            records = Array(records[(i + 1)...])
        }
        if let limitText = value("limit") {
            guard let limit = Int(limitText), limit >= 0 else { return Self.failure(400, "limit is not a count") }
            records = Array(records.prefix(limit))
        }
        let base = baseURL(request)
        let body = JSONValue.array(records.map { descriptor($0, base: base).jsonValue }).serializedBytes
        return Self.response(200, ["Content-Type": "application/json"], body: body)
    }

    /// BUD-12: removes the token author's claim on the blob (and the blob, once unclaimed).
    func delete(_ request: HTTPServerRequest, sha: String) -> HTTPResponse {
        let token: Event
        switch authorize(request, .delete, hash: sha) {
        case let .success(t): token = t
        case let .failure(box): return box.response
        }
        do {
            guard try store.remove(sha, owner: token.pubkey.hex) else {
                return Self.failure(404, "blob \(sha) does not exist or was not uploaded by \(token.pubkey.hex)")
            }
        } catch {
            return Self.failure(500, "\(error)")
        }
        return Self.response(204)
    }

    // MARK: helpers

    private func keep(_ bytes: [UInt8], sha: String, type: String, owner: String, request: HTTPServerRequest) -> HTTPResponse {
        do {
            let (created, record) = try store.put(bytes, sha: sha, type: type, owner: owner, now: configuration.clock())
            return Self.response(created ? 201 : 200, ["Content-Type": "application/json"],
                                 body: Array(descriptor(record, base: baseURL(request)).json.utf8))
        } catch {
            return Self.failure(500, "\(error)")
        }
    }

    /// BUD-11 validation of the `Authorization` header for `verb`; 401 with the reason when it fails.
    func authorize(_ request: HTTPServerRequest, _ verb: BlossomAuth.Verb, hash: String?,
                   anyListedHash: Bool = false) -> Result<Event, HTTPResponseBox> {
        guard let header = request.head.headers["Authorization"] else {
            return .failure(HTTPResponseBox(Self.failure(401, "authorization required: send a kind 24242 \"\(verb.rawValue)\" token")))
        }
        do {
            let token = try BlossomAuth.token(fromHeader: header)
            let hash = anyListedHash ? token.firstTagValue("x") ?? "" : hash
            try BlossomAuth.validate(token, verb: verb, hash: hash, hashRequired: hash != nil, server: domain(request),
                                     now: configuration.clock())
            return .success(token)
        } catch {
            return .failure(HTTPResponseBox(Self.failure(401, "\(error)")))
        }
    }

    private func tooLarge(_ size: Int64) -> HTTPResponse {
        Self.failure(413, "blob of \(size) bytes exceeds the \(configuration.maxBlobSize)-byte limit")
    }

    /// The host this request reached, lower-cased and without port (BUD-11 `server` tags name domains).
    private func domain(_ request: HTTPServerRequest) -> String? {
        guard let host = request.head.headers["Host"]?.lowercased() else { return nil }
        if host.hasPrefix("[") { return String(host.dropFirst().prefix { $0 != "]" }) }
        return host.split(separator: ":").first.map(String.init)
    }

    private func baseURL(_ request: HTTPServerRequest) -> String {
        if let url = configuration.publicURL { return url.hasSuffix("/") ? String(url.dropLast()) : url }
        return "http://\(request.head.headers["Host"] ?? "127.0.0.1")"
    }

    private func descriptor(_ r: BlobStore.Record, base: String) -> BlobDescriptor {
        // BUD-02: the URL carries a file extension.
        BlobDescriptor(url: "\(base)/\(r.sha256).\(MIMEType.fileExtension(for: r.type))", sha256: r.sha256, size: r.size,
                       type: r.type, uploaded: r.uploaded)
    }

    /// `<sha256>` or `<sha256>.ext` as a lower-case hash.
    static func hash(fromName name: String) -> String? {
        let bare = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        guard bare.utf8.count == 64, Hex.decode(bare) != nil else { return nil }
        return bare.lowercased()
    }

    static func mediaType(_ header: String?) -> String {
        guard let header, !header.isEmpty else { return "application/octet-stream" }
        return header.split(separator: ";").first.map { String($0.trimmingSpaces).lowercased() } ?? "application/octet-stream"
    }

    /// BUD-01: every response carries CORS headers.
    static func response(_ status: Int, _ extra: KeyValuePairs<String, String> = [:], body: [UInt8] = []) -> HTTPResponse {
        var headers = HTTPHeaders([("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Headers", "Authorization, *"),
                                   ("Access-Control-Allow-Methods", "GET, HEAD, PUT, DELETE"), ("Access-Control-Max-Age", "86400")])
        for (k, v) in extra { headers.set(k, v) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// An error with `X-Reason` (BUD-01) and the same text as the body.
    static func failure(_ status: Int, _ text: String) -> HTTPResponse {
        // A header value is one line of visible ASCII.
        let reason = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? $0 : " " }))
        return response(status, ["X-Reason": reason, "Content-Type": "text/plain; charset=utf-8"], body: Array((reason + "\n").utf8))
    }
}
