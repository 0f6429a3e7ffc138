import XCTest
import Foundation
import Glibc
import NostrCore
import Relay

/// `nak-swift bunker`, `bunker clients` and `connect` as child processes, through an in-process relay.
final class BunkerCommandTests: XCTestCase {
    let userHex = String(repeating: "0", count: 62) + "2a"

    /// A running `nak-swift bunker` and the URI from its first stdout line.
    final class BunkerProcess {
        let process = Process()
        let uri: String
        private let stdout = Pipe()

        init(_ args: [String], env: [String: String]) throws {
            process.executableURL = CLIHarness.binary
            process.arguments = ["bunker"] + args
            process.environment = ["PATH": "/usr/bin:/bin"].merging(env) { $1 }
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var text = ""
            let reader = stdout.fileHandleForReading
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            uri = text.split(separator: "\n").first.map(String.init) ?? ""
            guard uri.hasPrefix("bunker://") else {
                process.terminate()
                throw Failed(output: text)
            }
        }

        func stop() -> Int32 {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    struct Failed: Error { let output: String }

    /// A fresh home for one test's processes: its folder (removed by the caller) and the environment naming it.
    private func sandbox(_ name: String) throws -> (URL, [String: String]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (dir, ["HOME": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                      "XDG_DATA_HOME": dir.appendingPathComponent("data").path])
    }

    func testBunkerConnectSessionClientsRevokeAndRestart() throws {
        let relay = try LocalRelay(storage: try EventStore())
        let (dir, env) = try sandbox("bunker-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let user = try SecretKey(hex: userHex)

        var bunker = try BunkerProcess(["--sec", userHex, relay.url], env: env)
        let uri = bunker.uri
        XCTAssertTrue(uri.contains("secret="), uri)

        let connect = try CLIHarness.run(["connect", uri, "--name", "phone", "--timeout", "10"], env: env)
        XCTAssertEqual(connect.status, 0, connect.stderr)
        XCTAssertEqual(connect.lines, [user.publicKey.hex])
        let sessionFile = dir.appendingPathComponent("config/nak-swift/sessions/phone.json").path
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: sessionFile)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)

        let signed = try CLIHarness.run(["event", "--sec", "phone", "-c", "through the bunker", "--ts", "1700000000"], env: env)
        XCTAssertEqual(signed.status, 0, signed.stderr)
        let event = try Event(json: XCTUnwrap(signed.lines.first))
        XCTAssertEqual(event.pubkey, user.publicKey)
        XCTAssertNoThrow(try event.verify())

        // The same one-time secret cannot pair a second client.
        let reused = try CLIHarness.run(["connect", uri, "--timeout", "10"], env: env)
        XCTAssertEqual(reused.status, 1)
        XCTAssertTrue(reused.stderr.contains("invalid or already used secret"), reused.stderr)

        // A restart keeps the session (same profile key, same database).
        XCTAssertEqual(bunker.stop(), 0)
        bunker = try BunkerProcess(["--sec", userHex, relay.url], env: env)
        XCTAssertTrue(bunker.uri.hasPrefix(String(uri.prefix(73))), "same remote-signer key: \(bunker.uri)")
        let again = try CLIHarness.run(["event", "--sec", "phone", "-c", "after restart", "--ts", "1700000000"], env: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(bunker.stop(), 0)

        let clients = try CLIHarness.run(["bunker", "clients"], env: env)
        XCTAssertEqual(clients.status, 0, clients.stderr)
        XCTAssertEqual(clients.lines.count, 1)
        let client = try XCTUnwrap(JSONValue.parse(XCTUnwrap(clients.lines.first))["client"]?.stringValue)
        let audit = try CLIHarness.run(["bunker", "clients", "--audit"], env: env)
        let methods = audit.lines.compactMap { try? JSONValue.parse($0)["method"]?.stringValue }
        XCTAssertEqual(methods.filter { $0 == "sign_event" }.count, 2, audit.stdout)
        XCTAssertTrue(methods.contains("connect"))

        XCTAssertEqual(try CLIHarness.run(["bunker", "clients", "--revoke", client], env: env).status, 0)
        XCTAssertEqual(try CLIHarness.run(["bunker", "clients"], env: env).lines, [])
        XCTAssertEqual(try CLIHarness.run(["bunker", "clients", "--revoke", client], env: env).status, 123)
    }

    /// `--sec SESSION` works for `dm` too: the seals are signed and encrypted by the bunker, and the
    /// recipient opens the message with their own key.
    func testDirectMessageSignedThroughTheBunker() throws {
        let relay = try LocalRelay(storage: try EventStore())
        let (dir, env) = try sandbox("bunker-dm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let user = try SecretKey(hex: userHex)
        let bob = SecretKey.generate()
        let bunker = try BunkerProcess(["--sec", userHex, relay.url], env: env)
        defer { _ = bunker.stop() }
        XCTAssertEqual(try CLIHarness.run(["connect", bunker.uri, "--name", "phone", "--timeout", "10"], env: env).status, 0)

        let sent = try CLIHarness.run(["dm", "send", "--sec", "phone", "-p", bob.publicKey.hex, "via the bunker", relay.url],
                                      env: env)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertEqual(sent.lines.count, 2, "one wrap for bob, one for the sender")

        let bobEnv = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("bob").path,
                      "NOSTR_SECRET_KEY": bob.hex]
        let listed = try CLIHarness.run(["dm", "list", relay.url], env: bobEnv)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let message = try JSONValue.parse(XCTUnwrap(listed.lines.first))
        XCTAssertEqual(message["content"]?.stringValue, "via the bunker")
        XCTAssertEqual(message["from"]?.stringValue, user.publicKey.hex)
    }

    /// `--default-perms`: a client that asks for nothing gets only these, and the bunker refuses the rest.
    func testDefaultPermissionsForAClientThatAsksForNone() throws {
        let relay = try LocalRelay(storage: try EventStore())
        let (dir, env) = try sandbox("bunker-perms")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bunker = try BunkerProcess(["--sec", userHex, "--default-perms", "sign_event:1", relay.url], env: env)
        defer { _ = bunker.stop() }
        XCTAssertEqual(try CLIHarness.run(["connect", bunker.uri, "--name", "app", "--timeout", "10"], env: env).status, 0)

        let note = try CLIHarness.run(["event", "--sec", "app", "-c", "a note", "--ts", "1700000000"], env: env)
        XCTAssertEqual(note.status, 0, note.stderr)
        XCTAssertNoThrow(try Event(json: XCTUnwrap(note.lines.first)).verify())
        let reaction = try CLIHarness.run(["event", "--sec", "app", "-k", "7", "-c", "+", "--ts", "1700000000"], env: env)
        XCTAssertNotEqual(reaction.status, 0)
        XCTAssertTrue(reaction.stderr.contains("sign_event:7 is not among this client's permissions"), reaction.stderr)

        let clients = try CLIHarness.run(["bunker", "clients"], env: env)
        XCTAssertEqual(try JSONValue.parse(XCTUnwrap(clients.lines.first))["permissions"]?.stringValue, "sign_event:1")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try CLIHarness.run(["bunker", "--sec", userHex]).status, 2, "no relay")
        XCTAssertEqual(try CLIHarness.run(["bunker", "connect", "bunker://nope"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["connect"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["connect", "--nostrconnect"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["bunker", "--authorize", "zz", "ws://127.0.0.1:1"]).status, 2)
        let badPerms = try CLIHarness.run(["bunker", "--default-perms", "sign_event:x", "ws://127.0.0.1:1"])
        XCTAssertEqual(badPerms.status, 2)
        XCTAssertTrue(badPerms.stderr.contains("--default-perms"), badPerms.stderr)
    }
}
