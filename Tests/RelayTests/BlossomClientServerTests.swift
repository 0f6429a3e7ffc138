import Foundation
import NostrCore
import Relay
import Synchronization
import TestSupport
import XCTest

private let blossomAlice = try! SecretKey(hex: String(repeating: "0a", count: 32))
private let blossomBob = try! SecretKey(hex: String(repeating: "0b", count: 32))

/// BlossomClient against BlossomServer on a local WebSocketServer's HTTP side: every BUD route, and the refusals.
final class BlossomClientServerTests: XCTestCase {
    var now: Int64 { Int64(Date().timeIntervalSince1970) }

    /// A Blossom server in a fresh temporary folder; shut down and removed by the caller through `done`.
    struct Fixture {
        let server: WebSocketServer
        let directory: String
        var url: String { "http://127.0.0.1:\(server.port)" }
        func client() throws -> BlossomClient { try BlossomClient(server: url, timeout: .seconds(20)) }
        func done() async {
            await server.shutdown()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    final class Routes: WebSocketServerHandler {
        let blossom: BlossomServer
        init(_ blossom: BlossomServer) { self.blossom = blossom }
        func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {}
        func respond(to request: HTTPServerRequest) async -> HTTPResponse {
            await blossom.respond(to: request) ?? HTTPResponse(status: 404, text: "not blossom\n")
        }
    }

    func fixture(maxBlobSize: Int64 = 16 << 20) throws -> Fixture {
        let dir = NSTemporaryDirectory() + "blossom-test-\(UUID().uuidString)"
        var config = BlossomServer.Configuration()
        config.maxBlobSize = maxBlobSize
        let server = try WebSocketServer(handler: Routes(try BlossomServer(directory: dir, configuration: config)))
        return Fixture(server: server, directory: dir)
    }

    func tempFile(_ bytes: [UInt8], ext: String = "bin") throws -> String {
        let path = NSTemporaryDirectory() + "blob-\(UUID().uuidString).\(ext)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testUploadDownloadHasAndReupload() async throws {
        let f = try fixture()
        let client = try f.client()
        let bytes = (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let file = try BlobFile(path: try tempFile(bytes, ext: "png"))
        XCTAssertEqual(file.sha256, Hex.encode(SHA256.hash(bytes)))
        XCTAssertEqual(file.size, 1_500_000)
        let signer = LocalSigner(blossomAlice), now = self.now
        let sent = Mutex<Int64>(0)
        let descriptor = try await within(30) {
            try await client.upload(file, signer: signer, now: now) { done, _ in sent.withLock { $0 = max($0, done) } }
        }
        XCTAssertEqual(descriptor.sha256, file.sha256)
        XCTAssertEqual(descriptor.size, 1_500_000)
        XCTAssertEqual(descriptor.type, "image/png")
        XCTAssertEqual(descriptor.url, "\(f.url)/\(file.sha256).png")
        XCTAssertEqual(sent.withLock { $0 }, 1_500_000, "progress reached the file size")

        let downloaded = try await within(30) { try await client.download(sha256: file.sha256) }
        XCTAssertEqual(downloaded, bytes)
        let has = try await within(20) { try await client.has(sha256: file.sha256) }
        let hasNot = try await within(20) { try await client.has(sha256: String(repeating: "0", count: 64)) }
        XCTAssertTrue(has)
        XCTAssertFalse(hasNot)
        // The same blob again: 200 and the same descriptor.
        let again = try await within(30) { try await client.upload(bytes, signer: signer, now: now) }
        XCTAssertEqual(again.sha256, file.sha256)
        await f.done()
    }

    func testPreflight() async throws {
        let f = try fixture(maxBlobSize: 1000)
        let client = try f.client()
        let small = try BlobFile(path: try tempFile([1, 2, 3]))
        let large = try BlobFile(path: try tempFile([UInt8](repeating: 7, count: 1001)))
        let signer = LocalSigner(blossomAlice), now = self.now
        try await within(20) { try await client.preflight(small, signer: signer, now: now) }
        await assertFails(as: BlossomClientError.self, try await client.preflight(large, signer: signer, now: now)) { error in
            guard case let .status(_, 413, reason) = error else { return XCTFail("413: \(error)") }
            XCTAssertTrue(reason?.contains("1000-byte limit") ?? false, "\(error)")
        }
        await assertFails(as: BlossomClientError.self, try await client.preflight(small, signer: nil, now: now)) { error in
            guard case .status(_, 401, _) = error else { return XCTFail("401: \(error)") }
        }
        await f.done()
    }

    func testWrongHashIsRefused() async throws {
        let f = try fixture()
        let client = try f.client()
        let signer = LocalSigner(blossomAlice)
        let other = Hex.encode(SHA256.hash([9, 9, 9]))
        // A token for another blob: the server hashes the body and finds it is not covered.
        let auth = try await client.authorization(.upload, hashes: [other], content: "Upload Blob", signer: signer, now: now)
        let http = URLSessionHTTPTransport()
        let put = try await within(20) {
            try await http.send(HTTPRequest(method: "PUT", url: f.url + "/upload", headers: ["Authorization": auth], body: [1, 2, 3]))
        }
        XCTAssertEqual(put.status, 401)
        XCTAssertTrue(put.headers["X-Reason"]?.contains("does not cover blob") ?? false, put.text)
        // An X-SHA-256 that is not the body's hash: 409 (BUD-02).
        let lying = try await within(20) {
            try await http.send(HTTPRequest(method: "PUT", url: f.url + "/upload", headers: ["Authorization": auth, "X-SHA-256": other],
                                            body: [1, 2, 3]))
        }
        XCTAssertEqual(lying.status, 409)
        await f.done()
    }

    func testDownloadIsCheckedAgainstItsHash() async throws {
        let liar = try TestHTTPServer { _ in HTTPResponse(status: 200, body: [6, 6, 6]) }
        let client = try BlossomClient(server: liar.baseURL)
        let wanted = Hex.encode(SHA256.hash([1, 2, 3]))
        await assertFails(as: BlossomClientError.self, try await client.download(sha256: wanted)) { error in
            XCTAssertEqual(error, .hashMismatch(expected: wanted, got: Hex.encode(SHA256.hash([6, 6, 6]))))
        }
        await liar.shutdown()
    }

    func testExpiredAuthorizationIsRefused() async throws {
        let f = try fixture()
        let client = try f.client()
        let signer = LocalSigner(blossomAlice), past = now - 3600
        await assertFails(as: BlossomClientError.self, try await client.upload([1, 2, 3], signer: signer, now: past)) { error in
            guard case let .status(_, 401, reason) = error else { return XCTFail("401: \(error)") }
            XCTAssertTrue(reason?.contains("expired") ?? false, "\(error)")
        }
        await f.done()
    }

    func testListNewestFirstWithCursorAndLimit() async throws {
        let f = try fixture()
        let client = try f.client()
        let signer = LocalSigner(blossomAlice), now = self.now
        let a = try await within(20) { try await client.upload([1], signer: signer, now: now) }
        let b = try await within(20) { try await client.upload([2], signer: signer, now: now) }
        _ = try await within(20) { try await client.upload([3], signer: LocalSigner(blossomBob), now: now) }
        let all = try await within(20) { try await client.list(pubkey: blossomAlice.publicKey, now: now) }
        XCTAssertEqual(Set(all.map(\.sha256)), [a.sha256, b.sha256])
        XCTAssertTrue(zip(all, all.dropFirst()).allSatisfy { $0.uploaded >= $1.uploaded })
        let http = URLSessionHTTPTransport()
        let page = try await within(20) {
            try await http.send(HTTPRequest(url: f.url + "/list/\(blossomAlice.publicKey.hex)?cursor=\(all[0].sha256)&limit=5"))
        }
        XCTAssertEqual(try BlobDescriptor.list(json: page.body).map(\.sha256), [all[1].sha256])
        let signed = try await within(20) { try await client.list(pubkey: blossomAlice.publicKey, signer: signer, now: now) }
        XCTAssertEqual(signed.count, 2)
        await f.done()
    }

    func testDeleteOnlyByOwner() async throws {
        let f = try fixture()
        let client = try f.client()
        let now = self.now
        let d = try await within(20) { try await client.upload([4, 5, 6], signer: LocalSigner(blossomAlice), now: now) }
        await assertFails(as: BlossomClientError.self, try await client.delete(sha256: d.sha256, signer: LocalSigner(blossomBob), now: now)) { error in
            guard case .status(_, 404, _) = error else { return XCTFail("404: \(error)") }
        }
        try await within(20) { try await client.delete(sha256: d.sha256, signer: LocalSigner(blossomAlice), now: now) }
        let has = try await within(20) { try await client.has(sha256: d.sha256) }
        XCTAssertFalse(has)
        await f.done()
    }

    func testMirror() async throws {
        let f = try fixture()
        let client = try f.client()
        let bytes: [UInt8] = Array("mirrored blob".utf8)
        let sha = Hex.encode(SHA256.hash(bytes))
        let origin = try TestHTTPServer { request in
            request.head.path == "/\(sha).txt" ? HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: bytes)
                : HTTPResponse(status: 404, text: "no\n")
        }
        let signer = LocalSigner(blossomAlice), now = self.now
        let d = try await within(20) { try await client.mirror(url: "\(origin.baseURL)/\(sha).txt", signer: signer, now: now) }
        XCTAssertEqual(d.sha256, sha)
        XCTAssertEqual(d.type, "text/plain")
        let copy = try await within(20) { try await client.download(sha256: sha) }
        XCTAssertEqual(copy, bytes)
        // A token for another hash: the server fetches, hashes, and refuses with 409 (BUD-04).
        let other = String(repeating: "ab", count: 32)
        await assertFails(as: BlossomClientError.self,
                          try await client.mirror(url: "\(origin.baseURL)/\(sha).txt", sha256: other, signer: signer, now: now)) { error in
            guard case .status(_, 409, _) = error else { return XCTFail("409: \(error)") }
        }
        await origin.shutdown()
        await f.done()
    }

    func testServerURLNormalization() throws {
        XCTAssertEqual(try BlossomClient(server: "cdn.example.com/").server, "https://cdn.example.com")
        XCTAssertEqual(try BlossomClient(server: "127.0.0.1:3000").server, "http://127.0.0.1:3000")
        XCTAssertEqual(try BlossomClient(server: "http://127.0.0.1:3000").domain, "127.0.0.1")
        XCTAssertThrowsError(try BlossomClient(server: "https://"))
        XCTAssertThrowsError(try BlossomClient(server: "blossomBob@example.com"))
    }
}
