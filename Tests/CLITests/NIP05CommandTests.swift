import NostrCore
import Relay
import TestSupport
import XCTest

/// `nak-swift nip05` against a nostr.json server started by the test on 127.0.0.1.
final class NIP05CommandTests: XCTestCase {
    let bob = try! SecretKey(hex: String(repeating: "0", count: 63) + "5").publicKey

    func nostrJSON() throws -> TestHTTPServer {
        let doc = #"{"names":{"bob":"\#(bob.hex)"},"relays":{"\#(bob.hex)":["ws://127.0.0.1:1"]}}"#
        return try TestHTTPServer { request in
            request.head.path == "/.well-known/nostr.json" ? .json(doc) : HTTPResponse(status: 301, headers: ["Location": "/"])
        }
    }

    func testLookupPrintsKeyAndRelays() throws {
        let server = try nostrJSON()
        let r = try CLIHarness.run(["nip05", "BOB@\(server.authority)"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let v = try JSONValue.parse(r.stdout)
        XCTAssertEqual(v["pubkey"]?.stringValue, bob.hex)
        XCTAssertEqual(v["npub"]?.stringValue, bob.npub)
        XCTAssertEqual(v["relays"], .array(["ws://127.0.0.1:1"]))
    }

    func testVerify() throws {
        let server = try nostrJSON()
        let ok = try CLIHarness.run(["nip05", "verify", "bob@\(server.authority)", bob.npub])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let other = try SecretKey(hex: String(repeating: "0", count: 63) + "6").publicKey
        let bad = try CLIHarness.run(["nip05", "verify", "bob@\(server.authority)", other.hex])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("not \(other.hex)"), bad.stderr)
    }

    func testUnknownNameAndMissingArgument() throws {
        let server = try nostrJSON()
        let r = try CLIHarness.run(["nip05", "carol@\(server.authority)"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("does not list the name \"carol\""), r.stderr)
        XCTAssertEqual(try CLIHarness.run(["nip05"]).status, 2)
    }
}
