import XCTest
import NostrCore

final class BlossomTests: XCTestCase {
    let key = SecretKey.generate()
    let hash = "b1674191a88ec5cdd733e4240a81803105dc412d6c6708d53ab94fc248f4f553"
    let now: Int64 = 1_708_858_000

    func token(_ verb: BlossomAuth.Verb = .upload, hashes: [String]? = nil, servers: [String] = [],
               createdAt: Int64? = nil, expiration: Int64? = nil) throws -> Event {
        try BlossomAuth.token(verb: verb, pubkey: key.publicKey, createdAt: createdAt ?? now - 10, expiration: expiration ?? now + 60,
                              hashes: hashes ?? [hash], servers: servers, content: "Upload Blob").sign(with: key)
    }

    func testTokenShapeAndHeaderRoundTrip() throws {
        let t = try token(servers: ["CDN.example.com"])
        XCTAssertEqual(t.kind, .blossomAuth)
        XCTAssertEqual(t.tags, [["t", "upload"], ["expiration", String(now + 60)], ["x", hash], ["server", "cdn.example.com"]])
        let header = BlossomAuth.header(for: t)
        XCTAssertTrue(header.hasPrefix("Nostr "))
        XCTAssertFalse(header.contains("=") || header.contains("+") || header.contains("/"), "base64url without padding")
        XCTAssertEqual(try BlossomAuth.token(fromHeader: header), t)
        // Older clients send standard, padded base64.
        let standard = "Nostr " + Base64.encode(Array(t.json.utf8))
        XCTAssertEqual(try BlossomAuth.token(fromHeader: standard), t)
        XCTAssertThrowsError(try BlossomAuth.token(fromHeader: "Bearer abc"))
        XCTAssertThrowsError(try BlossomAuth.token(fromHeader: "Nostr !!!"))
    }

    func testSpecExampleHeaderIsNotStrictJSON() {
        // BUD-11's example header encodes JSON with comments and a trailing comma: it must be refused, not crash.
        let header = "Nostr ewogICJpZCI6ICI3YTE3MzVjMzg1MmNmM2YzNzRlZGFlNGIyYWYyZWUxOGU3NTBlNmRlYzU4M2UxOWM0Nzk1ZDNiMTc5YWY2ZDE3IiwKICAia2luZCI6IDI0MjQyLAogICJwdWJrZXkiOiAiNzliZTY2N2VmOWRjYmJhYzU1YTA2Mjk1Y2U4NzBiMDcwMjliZmNkYjJkY2UyOGQ5NTlmMjgxNWIxNmY4MTc5OCIsCiAgImNyZWF0ZWRfYXQiOiAxNzcyMDE5MDQ0LAogICJ0YWdzIjogWwogICAgWyJ0IiwidXBsb2FkIl0sCiAgICBbImV4cGlyYXRpb24iLCIxNzA4ODU4NjgwIl0sCiAgICAvLyBBdXRob3JpemF0aW9uIHRva2VuIE1BWSBoYXZlIG11bHRpcGxlICJ4IiB0YWdzCiAgICBbIngiLCJiMTY3NDE5MWE4OGVjNWNkZDczM2U0MjQwYTgxODAzMTA1ZGM0MTJkNmM2NzA4ZDUzYWI5NGZjMjQ4ZjRmNTUzIl0sCiAgXSwKICAiY29udGVudCI6ICIiLAogICJzaWciOiAiNGI1N2MyMmIxNzk3YjEwOTUzMGZmZTVkMDRjYWJhYzQ2OGIxYTU5NDI4NzNhNTE0MTMzNGVjYmM3NzY5NGZjOTY4YTFiOTQxOTc5YmExMzYwMmZjZWIxZGFkODAxNGFiNjQ2OWM2YWU5Y2VmMGI1NjY4Y2MyM2FkMTQ0OWUxMDMiCn0"
        XCTAssertThrowsError(try BlossomAuth.token(fromHeader: header)) {
            guard case .invalidEvent = $0 as? BlossomError else { return XCTFail("\($0)") }
        }
    }

    func testValidation() throws {
        let t = try token(servers: ["cdn.example.com"])
        XCTAssertNoThrow(try BlossomAuth.validate(t, verb: .upload, hash: hash, hashRequired: true, server: "cdn.example.com", now: now))
        let cases: [(String, () throws -> Void, BlossomError)] = [
            ("verb", { try BlossomAuth.validate(t, verb: .delete, hash: self.hash, server: "cdn.example.com", now: self.now) },
             .verbMismatch(expected: "delete", got: "upload")),
            ("server", { try BlossomAuth.validate(t, verb: .upload, hash: self.hash, server: "other.com", now: self.now) },
             .serverNotAllowed("other.com")),
            ("hash", { try BlossomAuth.validate(t, verb: .upload, hash: String(repeating: "0", count: 64), server: "cdn.example.com", now: self.now) },
             .hashNotAllowed(String(repeating: "0", count: 64))),
            ("expired", { try BlossomAuth.validate(t, verb: .upload, hash: self.hash, server: "cdn.example.com", now: self.now + 60) },
             .expired(expiration: self.now + 60, now: self.now + 60)),
            ("future", { try BlossomAuth.validate(self.token(createdAt: self.now + 5), verb: .upload, hash: self.hash, now: self.now) },
             .createdInFuture(createdAt: self.now + 5, now: self.now)),
            ("required x", { try BlossomAuth.validate(self.token(hashes: []), verb: .upload, hash: self.hash, hashRequired: true, now: self.now) },
             .hashNotAllowed(self.hash)),
        ]
        for (name, run, expected) in cases {
            XCTAssertThrowsError(try run(), name) { XCTAssertEqual($0 as? BlossomError, expected, name) }
        }
        // Unscoped get token: any blob, any server.
        XCTAssertNoThrow(try BlossomAuth.validate(token(.get, hashes: []), verb: .get, hash: hash, server: "any.com", now: now))
        // Tampered content fails the signature check last.
        let forged = Event(id: t.id, pubkey: t.pubkey, createdAt: t.createdAt, kind: t.kind, tags: t.tags, content: "Delete all", sig: t.sig)
        XCTAssertThrowsError(try BlossomAuth.validate(forged, verb: .upload, hash: hash, server: "cdn.example.com", now: now)) {
            guard case .invalidEvent = $0 as? BlossomError else { return XCTFail("\($0)") }
        }
    }

    func testEndpointRequirements() {
        XCTAssertEqual(BlossomAuth.requirement(method: "PUT", path: "/upload", sha256Header: hash)?.verb, .upload)
        XCTAssertEqual(BlossomAuth.requirement(method: "PUT", path: "/upload", sha256Header: hash)?.hashRequired, true)
        XCTAssertEqual(BlossomAuth.requirement(method: "DELETE", path: "/\(hash).pdf")?.hash, hash)
        XCTAssertEqual(BlossomAuth.requirement(method: "GET", path: "/\(hash)")?.hashRequired, false)
        XCTAssertEqual(BlossomAuth.requirement(method: "GET", path: "/list/abc")?.verb, .list)
        XCTAssertEqual(BlossomAuth.requirement(method: "PUT", path: "/media")?.verb, .media)
        XCTAssertNil(BlossomAuth.requirement(method: "POST", path: "/upload"))
    }

    func testBlobDescriptor() throws {
        let json = #"{"url":"https://cdn.example.com/b1674191a88ec5cdd733e4240a81803105dc412d6c6708d53ab94fc248f4f553.pdf","sha256":"b1674191a88ec5cdd733e4240a81803105dc412d6c6708d53ab94fc248f4f553","size":184292,"type":"application/pdf","uploaded":1725105921,"nip94":[]}"#
        let d = try BlobDescriptor(json: Array(json.utf8))
        XCTAssertEqual(d.size, 184_292)
        XCTAssertEqual(d.type, "application/pdf")
        XCTAssertEqual(d.uploaded, 1_725_105_921)
        XCTAssertEqual(try BlobDescriptor(json: Array(d.json.utf8)), d)
        XCTAssertEqual(try BlobDescriptor.list(json: Array("[\(json),\(d.json)]".utf8)), [d, d])
        XCTAssertThrowsError(try BlobDescriptor(json: Array(#"{"url":"x","sha256":"abc","size":1}"#.utf8)))
    }

    func testServerList() throws {
        let list = BlossomServerList(servers: ["https://cdn.self.hosted", "https://cdn.satellite.earth", "https://cdn.self.hosted"])
        let event = try list.unsignedEvent(pubkey: key.publicKey, createdAt: 1_708_774_162).sign(with: key)
        XCTAssertEqual(event.kind, .blossomServerList)
        XCTAssertEqual(event.tags, [["server", "https://cdn.self.hosted"], ["server", "https://cdn.satellite.earth"]])
        XCTAssertEqual(BlossomServerList(event: event), list)
    }
}
