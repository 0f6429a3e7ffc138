/// Blossom authorization tokens (BUD-11): kind-24242 events and the `Authorization: Nostr …` header.
/// https://github.com/hzrd149/blossom/blob/master/buds/11.md
public enum BlossomAuth {
    /// The action a token allows (the `t` tag).
    public enum Verb: String, Sendable, Hashable, CaseIterable {
        case get, upload, list, delete, media
    }

    /// A token to sign: `t` verb, `expiration`, one `x` per blob hash, one `server` per domain, and a
    /// human-readable `content` (BUD-11 requires it, e.g. "Upload Blob").
    public static func token(verb: Verb, pubkey: PublicKey, createdAt: Int64, expiration: Int64, hashes: [String] = [],
                             servers: [String] = [], content: String) -> UnsignedEvent {
        var tags: [Tag] = [["t", verb.rawValue], ["expiration", String(expiration)]]
        tags += hashes.map { ["x", $0.lowercased()] }
        tags += servers.map { ["server", $0.lowercased()] }
        return UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: .blossomAuth, tags: tags, content: content)
    }

    /// `Nostr <base64url(event JSON)>` without padding, as BUD-11 specifies.
    public static func header(for token: Event) -> String {
        var b64 = Array(Base64.encode(Array(token.json.utf8)).utf8)
        while b64.last == 0x3d { b64.removeLast() }
        for i in b64.indices {
            if b64[i] == 0x2b { b64[i] = 0x2d } else if b64[i] == 0x2f { b64[i] = 0x5f }
        }
        return "Nostr " + String(decoding: b64, as: UTF8.self)
    }

    /// The event in an `Authorization` header value; accepts base64url or standard base64, padded or
    /// not (older clients send standard base64). Id and signature are not checked here (see `validate`).
    public static func token(fromHeader value: String) throws(BlossomError) -> Event {
        let trimmed = NIP05Identifier.trimmed(value)
        guard trimmed.lowercased().hasPrefix("nostr ") else { throw .invalidHeader("scheme is not Nostr") }
        var b64 = Array(trimmed.dropFirst(6).utf8.drop { $0 == 0x20 })
        for i in b64.indices {
            if b64[i] == 0x2d { b64[i] = 0x2b } else if b64[i] == 0x5f { b64[i] = 0x2f }
        }
        while b64.count % 4 != 0 { b64.append(0x3d) }
        guard let json = Base64.decode(String(decoding: b64, as: UTF8.self)) else { throw .invalidHeader("not base64") }
        do { return try Event(json: json) } catch { throw .invalidEvent(error) }
    }

    /// The server-side checks of BUD-11 "Validation": kind 24242, created in the past, not expired,
    /// `t` equal to `verb`, this `server` listed if any `server` tag is present, and the blob `hash`
    /// in an `x` tag when `hashRequired` (or whenever `x` tags scope the token), then the signature.
    public static func validate(_ token: Event, verb: Verb, hash: String? = nil, hashRequired: Bool = false,
                                server: String? = nil, now: Int64) throws(BlossomError) {
        guard token.kind == .blossomAuth else { throw .wrongKind(token.kind.rawValue) }
        guard token.createdAt <= now else { throw .createdInFuture(createdAt: token.createdAt, now: now) }
        guard let exp = token.firstTagValue("expiration").flatMap({ Int64($0) }) else { throw .missingExpiration }
        guard exp > now else { throw .expired(expiration: exp, now: now) }
        let verbs = token.tagValues("t")
        guard verbs.contains(verb.rawValue) else { throw .verbMismatch(expected: verb.rawValue, got: verbs.first) }
        let servers = token.tagValues("server").map { $0.lowercased() }
        if !servers.isEmpty {
            guard let server, servers.contains(server.lowercased()) else { throw .serverNotAllowed(server ?? "(unknown)") }
        }
        let hashes = token.tagValues("x").map { $0.lowercased() }
        if hashRequired || !hashes.isEmpty {
            guard let hash, hashes.contains(hash.lowercased()) else { throw .hashNotAllowed(hash ?? "(none)") }
        }
        do { try token.verify() } catch { throw .invalidEvent(error) }
    }

    /// The verb, whether an `x` tag is required, and the hash an endpoint implies (BUD-11 table),
    /// for `method` and `path` (e.g. `PUT`, `/upload`); nil for paths Blossom does not define.
    public static func requirement(method: String, path: String, sha256Header: String? = nil)
        -> (verb: Verb, hashRequired: Bool, hash: String?)? {
        let m = method.uppercased()
        let trimmedPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let segment = trimmedPath.split(separator: "/").first.map(String.init) ?? ""
        // `/<sha256>` may carry a file extension.
        let pathHash = segment.split(separator: ".", maxSplits: 1).first.map(String.init)
        switch (m, segment) {
        case ("PUT", "upload"), ("HEAD", "upload"), ("PUT", "mirror"): return (.upload, true, sha256Header)
        case ("PUT", "media"), ("HEAD", "media"): return (.media, true, sha256Header)
        case ("GET", "list"): return (.list, false, nil)
        case ("DELETE", _): return (.delete, true, pathHash)
        case ("GET", _), ("HEAD", _): return segment.isEmpty ? nil : (.get, false, pathHash)
        default: return nil
        }
    }
}
