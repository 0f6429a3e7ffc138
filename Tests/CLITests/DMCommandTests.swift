import Foundation
import Glibc
import XCTest

/// `dm relays set`, `dm send`, `dm list` between three keys through a `nak-swift serve` child on
/// 127.0.0.1. Keys reach the children through `NOSTR_SECRET_KEY`, never argv; each user has an index.
final class DMCommandTests: XCTestCase {
    struct User {
        let sec: String
        let pub: String
        let data: String
    }

    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("nak-swift-dm-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func user(_ name: String) throws -> User {
        let sec = try CLIHarness.run(["key", "generate"]).lines[0]
        let pub = try CLIHarness.run(["key", "public"], stdin: sec).lines[0]
        return User(sec: sec, pub: pub, data: root + "/" + name)
    }

    private func run(_ u: User, _ args: [String]) throws -> CLIResult {
        let r = try CLIHarness.run(args, env: ["NOSTR_SECRET_KEY": u.sec, "XDG_DATA_HOME": u.data])
        XCTAssertFalse(r.stderr.contains(u.sec) || r.stdout.contains(u.sec), "the secret key leaked: \(args)")
        return r
    }

    private func field(_ line: String, _ name: String) -> String? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object[name] as? String
    }

    func testGroupMessageRoundTripAndOfflineList() throws {
        let server = try ServeCommandTests.Server([])
        let url = server.url
        let alice = try user("alice"), bob = try user("bob"), carol = try user("carol")

        for u in [bob, carol] {
            let set = try run(u, ["dm", "relays", "set", url])
            XCTAssertEqual(set.status, 0, set.stderr)
            XCTAssertTrue(set.stderr.contains("success."), set.stderr)
        }
        let lookup = try run(alice, ["dm", "relays", bob.pub, url])
        XCTAssertEqual(lookup.lines, [url], lookup.stderr)

        let send = try run(alice, ["dm", "send", "-p", bob.pub, "-p", carol.pub, "--subject", "plans", "dinner at 8?", url])
        XCTAssertEqual(send.status, 0, send.stderr)
        XCTAssertEqual(send.lines.count, 3, "one wrap each for bob, carol and alice")
        XCTAssertEqual(send.lines.compactMap { field($0, "recipient") }, [bob.pub, carol.pub, alice.pub])
        XCTAssertEqual(send.stderr.components(separatedBy: "... success.").count - 1, 3, send.stderr)

        var conversations: [String] = []
        for u in [bob, carol, alice] {
            let list = try run(u, ["dm", "list", url])
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertEqual(list.lines.count, 1, "\(u.pub): \(list.stdout)")
            let line = list.lines.first ?? ""
            XCTAssertEqual(field(line, "content"), "dinner at 8?")
            XCTAssertEqual(field(line, "from"), alice.pub)
            XCTAssertEqual(field(line, "subject"), "plans")
            conversations.append(field(line, "conversation") ?? "")
        }
        XCTAssertEqual(Set(conversations).count, 1, "every participant sees the same conversation")
        XCTAssertEqual(conversations[0], [alice.pub, bob.pub, carol.pub].sorted().joined(separator: ","))

        let online = try run(bob, ["dm", "list", "--with", alice.pub])
        XCTAssertEqual(server.stop(SIGTERM), 0)
        let offline = try run(bob, ["dm", "list"])
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertEqual(offline.stdout, online.stdout, "the second list comes from the index, offline")
        XCTAssertEqual(offline.lines.count, 1)

        let gone = try run(bob, ["dm", "list", url])
        XCTAssertEqual(gone.status, 3, "no relay reached")
        XCTAssertEqual(gone.lines.count, 1, "the index is still listed")
    }

    func testARecipientWithoutAListIsAnErrorNamingThem() throws {
        let alice = try user("alice"), dave = try user("dave")
        let r = try run(alice, ["dm", "send", "-p", dave.pub, "hello?"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(dave.pub), r.stderr)
        XCTAssertTrue(r.stderr.contains("10050"), r.stderr)
        XCTAssertEqual(r.lines, [], "nothing was sent")
    }

    func testBadRelayAndUnknownRecipient() throws {
        let alice = try user("alice")
        XCTAssertEqual(try run(alice, ["dm", "send", "-p", alice.pub, "x", "http://"]).status, 4)
        let nip05 = try run(alice, ["dm", "send", "-p", "bob@example.com", "x", "ws://127.0.0.1:1"])
        XCTAssertEqual(nip05.status, 1)
        XCTAssertTrue(nip05.stderr.contains("NIP-05"), nip05.stderr)
    }
}
