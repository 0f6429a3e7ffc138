import Foundation
import XCTest

/// `key store add|list|remove` and `--sec NAME`. Secrets reach the child through stdin or the
/// environment, never argv, so they cannot show up in `ps`.
final class KeyStoreCommandTests: XCTestCase {
    static let one = KeyCommandTests.one
    static let onePub = KeyCommandTests.onePub

    private var config = ""

    override func setUpWithError() throws {
        config = FileManager.default.temporaryDirectory.appendingPathComponent("nak-swift-store-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: config) }

    private func run(_ args: [String], stdin: String? = nil, password: String? = "correct horse") throws -> CLIResult {
        var env = ["XDG_CONFIG_HOME": config]
        if let password { env["NOSTR_PASSWORD"] = password }
        return try CLIHarness.run(args, stdin: stdin, env: env)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1) & 0o777
    }

    func testAddFromStdinListAndUseByName() throws {
        let add = try run(["key", "store", "add", "alice", "-", "--logn", "8"], stdin: Self.one + "\n")
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(add.lines, [#"{"name":"alice","pubkey":"\#(Self.onePub)"}"#])
        XCTAssertFalse(add.stdout.contains(Self.one) || add.stderr.contains(Self.one), "the secret leaked")

        let list = try run(["key", "store", "list"], password: nil)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.lines, [#"{"name":"alice","pubkey":"\#(Self.onePub)"}"#])

        // `key public NAME` resolves NAME through the store like `--sec NAME`.
        let pub = try run(["key", "public", "alice"])
        XCTAssertEqual(pub.status, 0, pub.stderr)
        XCTAssertEqual(pub.lines, [Self.onePub])

        let file = config + "/nak-swift/keys/alice.ncryptsec"
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(try mode(config + "/nak-swift/keys"), 0o700)
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(stored.hasPrefix("ncryptsec1"), stored)
    }

    func testGeneratedKeyIsDistinctAndDuplicateNameRefused() throws {
        let a = try run(["key", "store", "add", "a", "--logn", "8"])
        let b = try run(["key", "store", "add", "b", "--logn", "8"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertNotEqual(a.stdout, b.stdout)
        let again = try run(["key", "store", "add", "a", "--logn", "8"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertEqual(try run(["key", "store", "add", "a", "--logn", "8", "--replace"]).status, 0)
    }

    func testWrongPasswordExitsOneWithAClearMessage() throws {
        XCTAssertEqual(try run(["key", "store", "add", "alice", "-", "--logn", "8"], stdin: Self.one).status, 0)
        let r = try run(["key", "public", "alice"], password: "wrong")
        XCTAssertEqual(r.status, 123)  // `key public` reports per item; `--sec` below exits 1
        XCTAssertTrue(r.stderr.contains("wrong password for \"alice\""), r.stderr)

        let wrap = try run(["gift", "unwrap", "--sec", "alice"], stdin: "{}", password: "wrong")
        XCTAssertEqual(wrap.status, 1)
        XCTAssertTrue(wrap.stderr.contains("--sec: wrong password for \"alice\""), wrap.stderr)
        XCTAssertFalse(wrap.stderr.contains(Self.one) || wrap.stderr.contains("wrong\n"), wrap.stderr)
    }

    func testAFileOthersCanReadIsRefused() throws {
        XCTAssertEqual(try run(["key", "store", "add", "alice", "-", "--logn", "8"], stdin: Self.one).status, 0)
        let file = config + "/nak-swift/keys/alice.ncryptsec"
        XCTAssertEqual(chmod(file, 0o644), 0)
        let r = try run(["gift", "unwrap", "--sec", "alice"], stdin: "{}")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("chmod 600 \(file)"), r.stderr)
        XCTAssertFalse(r.stderr.contains(Self.one))
    }

    func testRemove() throws {
        XCTAssertEqual(try run(["key", "store", "add", "alice", "--logn", "8"]).status, 0)
        XCTAssertEqual(try run(["key", "store", "remove", "alice"]).status, 0)
        XCTAssertEqual(try run(["key", "store", "list"]).lines, [])
        let again = try run(["key", "store", "remove", "alice"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("no entry named \"alice\""), again.stderr)
    }

    func testUnknownNameDoesNotEchoTheText() throws {
        let typo = String(Self.one.dropLast())  // a mistyped secret is a valid store name
        let r = try CLIHarness.run(["gift", "unwrap"], stdin: "{}", env: ["NOSTR_SECRET_KEY": typo, "XDG_CONFIG_HOME": config])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("name of a stored key"), r.stderr)
        XCTAssertFalse(r.stderr.contains(typo), r.stderr)
    }

    func testInvalidNameIsAUsageError() throws {
        let r = try run(["key", "store", "add", "../escape"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("letters, digits"), r.stderr)
    }

    func testTheCLIAllowsNoCoreFile() throws {
        // A long-running command to look at from outside: its core-size limit must be 0 (ProcessHardening).
        let server = try ServeCommandTests.Server([])
        defer { _ = server.stop() }
        let limits = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") } ?? ""
        XCTAssertEqual(core.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2), ["0", "0"], String(core))
    }
}
