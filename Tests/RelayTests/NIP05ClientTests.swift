import NostrCore
import Relay
import TestSupport
import XCTest

/// NIP05Client against a local nostr.json server: lookups, case, root names, and the ways a document can be wrong.
final class NIP05ClientTests: XCTestCase {
    let bob = try! SecretKey(hex: String(repeating: "01", count: 32)).publicKey
    let alice = try! SecretKey(hex: String(repeating: "02", count: 32)).publicKey

    /// Serves `document` at /.well-known/nostr.json, or `answer` for everything when given.
    func server(document: String? = nil, answer: HTTPResponse? = nil) throws -> TestHTTPServer {
        let doc = document ?? #"{"names":{"bob":"\#(bob.hex)","_":"\#(alice.hex)"},"relays":{"\#(bob.hex)":["wss://relay.bob.example"]}}"#
        return try TestHTTPServer { request in
            if let answer { return answer }
            guard request.head.path == "/.well-known/nostr.json" else { return HTTPResponse(status: 404, text: "no\n") }
            return .json(doc)
        }
    }

    func testResolvesNameCaseInsensitivelyWithRelays() async throws {
        let s = try server()
        let client = NIP05Client()
        let profile = try await within(20) { try await client.resolve("Bob@\(s.authority)") }
        XCTAssertEqual(profile.pubkey, bob)
        XCTAssertEqual(profile.relays, ["wss://relay.bob.example"])
        XCTAssertEqual(s.requests.first?.head.target, "/.well-known/nostr.json?name=bob")
        await s.shutdown()
    }

    func testRootIdentifierAndBareDomain() async throws {
        let s = try server()
        let client = NIP05Client()
        let root = try await within(20) { try await client.resolve("_@\(s.authority)") }
        let bare = try await within(20) { try await client.resolve(s.authority) }
        XCTAssertEqual(root.pubkey, alice)
        XCTAssertEqual(bare.pubkey, alice)
        XCTAssertEqual(bare.relays, [])
        await s.shutdown()
    }

    func testVerifyMatchAndMismatch() async throws {
        let s = try server()
        let client = NIP05Client()
        let bob = self.bob
        let relays = try await within(20) { try await client.verify("bob@\(s.authority)", pubkey: bob) }
        XCTAssertEqual(relays, ["wss://relay.bob.example"])
        await assertFails(as: NIP05ClientError.self, try await client.verify("bob@\(s.authority)", pubkey: self.alice)) { error in
            guard case .document(_, .pubkeyMismatch) = error else { return XCTFail("mismatch: \(error)") }
        }
        await s.shutdown()
    }

    func testVerifyProfileEvent() async throws {
        let s = try server()
        let key = try SecretKey(hex: String(repeating: "01", count: 32))
        let profile = try UnsignedEvent(pubkey: bob, createdAt: 1, kind: .metadata,
                                        content: #"{"name":"bob","nip05":"bob@\#(s.authority)"}"#).sign(with: key)
        let verified = try await within(20) { try await NIP05Client().verify(profile: profile) }
        XCTAssertEqual(verified.identifier.description, "bob@\(s.authority)")
        let anonymous = try UnsignedEvent(pubkey: bob, createdAt: 1, kind: .metadata, content: #"{"name":"bob"}"#).sign(with: key)
        await assertFails(as: NIP05ClientError.self, try await NIP05Client().verify(profile: anonymous)) { XCTAssertEqual($0, .noIdentifier) }
        await s.shutdown()
    }

    func testRedirectIsRefused() async throws {
        let s = try server(answer: HTTPResponse(status: 301, headers: ["Location": "https://elsewhere.example/"]))
        await assertFails(as: NIP05ClientError.self, try await NIP05Client().resolve("bob@\(s.authority)")) { error in
            guard case let .redirect(_, status, location) = error else { return XCTFail("redirect: \(error)") }
            XCTAssertEqual(status, 301)
            XCTAssertEqual(location, "https://elsewhere.example/")
            XCTAssertTrue(error.description.contains("forbids"), error.description)
        }
        await s.shutdown()
    }

    func testErrorStatus() async throws {
        let s = try server(answer: HTTPResponse(status: 500, text: "boom\n"))
        await assertFails(as: NIP05ClientError.self, try await NIP05Client().resolve("bob@\(s.authority)")) { error in
            guard case .status(_, 500) = error else { return XCTFail("status: \(error)") }
        }
        await s.shutdown()
    }

    func testMalformedDocuments() async throws {
        struct Row { let name: String; let document: String; let check: (NIP05Error) -> Bool }
        let rows = [
            Row(name: "not JSON", document: "<html>", check: { if case .invalidDocument = $0 { true } else { false } }),
            Row(name: "no names", document: #"{"relays":{}}"#, check: { if case .invalidDocument = $0 { true } else { false } }),
            Row(name: "name missing", document: #"{"names":{"carol":"\#(alice.hex)"}}"#, check: { $0 == .nameNotFound("bob") }),
            Row(name: "npub instead of hex", document: #"{"names":{"bob":"\#(bob.npub)"}}"#,
                check: { if case .invalidPubkey = $0 { true } else { false } }),
            Row(name: "upper-case hex", document: #"{"names":{"bob":"\#(bob.hex.uppercased())"}}"#,
                check: { if case .invalidPubkey = $0 { true } else { false } }),
        ]
        for row in rows {
            let s = try server(document: row.document)
            await assertFails(as: NIP05ClientError.self, try await NIP05Client().resolve("bob@\(s.authority)")) { error in
                guard case let .document(_, inner) = error, row.check(inner) else { return XCTFail("\(row.name): got \(error)") }
            }
            await s.shutdown()
        }
    }

    func testInvalidIdentifierNeedsNoNetwork() async {
        await assertFails(as: NIP05ClientError.self, try await NIP05Client().resolve("bob smith@example.com")) { error in
            guard case .identifier = error else { return XCTFail("identifier: \(error)") }
        }
    }

    func testUnreachableServer() async throws {
        // A port nobody listens on: bind, note the port, close.
        let s = try server()
        let authority = s.authority
        await s.shutdown()
        await assertFails(as: NIP05ClientError.self, try await NIP05Client(timeout: .seconds(5)).resolve("bob@\(authority)")) { error in
            guard case .http = error else { return XCTFail("http: \(error)") }
        }
    }
}

/// Runs `body` expecting it to throw `E`, then hands the error to `check`.
func assertFails<T, E: Error>(as type: E.Type, _ body: @autoclosure () async throws -> T, file: StaticString = #filePath,
                              line: UInt = #line, _ check: (E) -> Void) async {
    do {
        let value = try await body()
        XCTFail("expected an error, got \(value)", file: file, line: line)
    } catch let error as E {
        check(error)
    } catch {
        XCTFail("expected \(E.self), got \(error)", file: file, line: line)
    }
}
