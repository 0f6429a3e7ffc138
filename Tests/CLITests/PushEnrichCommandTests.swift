import Foundation
import Glibc
import NostrCore
import Relay
import XCTest

/// `nak-swift push-enrich` as a user runs it: one-shot, `--stream`, `--listen`, `--fetch-missing`, keys from the store.
final class PushEnrichCommandTests: XCTestCase {
    private let now = Int64(time(nil))
    private let alice = SecretKey.generate()
    private let bob = SecretKey.generate()

    private func sign(_ key: SecretKey, kind: Kind, tags: [Tag] = [], content: String) throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: now - 10, kind: kind, tags: tags, content: content).sign(with: key)
    }

    private func bobProfile() throws -> Event { try sign(bob, kind: .metadata, content: #"{"display_name":"Bob"}"#) }

    private func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// A cache file with bob's profile and alice's note; returns its path and the note.
    private func cache() throws -> (String, Event) {
        let path = try tempDir().appendingPathComponent("events.sqlite").path
        let store = try EventStore(path: path)
        let note = try sign(alice, kind: .textNote, content: "alice's note")
        _ = try store.save(try bobProfile())
        _ = try store.save(note)
        try store.checkpoint()
        return (path, note)
    }

    private func json(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    func testOneShotReplyWithCacheAndErrorExit() throws {
        let (db, note) = try cache()
        let reply = try sign(bob, kind: .textNote, tags: [["e", note.id.hex, "", "root"], ["p", alice.publicKey.hex]], content: "nice")
        let payload = #"{"aps":{"alert":"x"},"nostr_event":\#(reply.json)}"#
        let r = try CLIHarness.run(["push-enrich", "--sec", alice.nsec, "--db", db], stdin: payload)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 1)
        let out = try json(r.lines[0])
        XCTAssertEqual(out["status"] as? String, "notify")
        XCTAssertEqual(out["category"] as? String, "reply")
        XCTAssertEqual(out["title"] as? String, "Bob replied")
        XCTAssertEqual(out["threadId"] as? String, note.id.hex)
        XCTAssertEqual((out["sender"] as? [String: Any])?["name"] as? String, "Bob")

        let bad = try CLIHarness.run(["push-enrich", "--sec", alice.hex], stdin: #"{"nostr_event":{"id":"#)
        XCTAssertEqual(bad.status, 123)
        XCTAssertEqual(try json(bad.lines[0])["status"] as? String, "error")
        XCTAssertFalse(bad.stderr.contains(alice.hex), "no secret in errors")
    }

    func testStreamCarriesOnAfterErrorsAndSuppressesDuplicates() async throws {
        let wrap = try await NIP59.giftWrap(UnsignedEvent(pubkey: bob.publicKey, createdAt: now, kind: .chatMessage,
                                                          tags: [["p", alice.publicKey.hex]], content: "hi alice"),
                                            to: alice.publicKey, signer: LocalSigner(bob))
        let fcmContent = try NIP44.encrypt(wrap.json, from: bob, to: alice.publicKey)
        let fcm = try sign(bob, kind: .giftWrap, content: fcmContent)
        let input = [wrap.json, "not json at all", #"{"encryptedEvent":\#(fcm.json)}"#, "{\"aps\":" + String(repeating: "[", count: 3000)]
        let r = try CLIHarness.run(["push-enrich", "--stream"], stdin: input.joined(separator: "\n") + "\n",
                                   env: ["NOSTR_SECRET_KEY": alice.nsec])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 4, r.stdout)
        let statuses = try r.lines.map { try json($0)["status"] as? String }
        XCTAssertEqual(statuses, ["notify", "error", "suppress", "error"])
        XCTAssertEqual(try json(r.lines[0])["body"] as? String, "hi alice")
        XCTAssertEqual(try json(r.lines[2])["reason"] as? String, "duplicate")
    }

    func testKeysFromTheKeyStore() throws {
        let config = try tempDir().path
        let env = ["XDG_CONFIG_HOME": config, "NOSTR_PASSWORD": "correct horse"]
        let add = try CLIHarness.run(["key", "store", "add", "alice", alice.nsec], env: env)
        XCTAssertEqual(add.status, 0, add.stderr)
        let mention = try sign(bob, kind: .textNote, tags: [["p", alice.publicKey.hex]], content: "hey")
        let r = try CLIHarness.run(["push-enrich"], stdin: mention.json, env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try json(r.lines[0])["account"] as? String, alice.publicKey.hex)

        let none = try CLIHarness.run(["push-enrich"], stdin: mention.json)
        XCTAssertEqual(none.status, 1, "no key anywhere")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try CLIHarness.run(["push-enrich", "--sec", alice.hex, "--stream", "--listen", "127.0.0.1:0"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["push-enrich", "--sec", alice.hex, "--fetch-missing"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["push-enrich", "--sec", alice.hex, "--listen", "nope"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["push-enrich", "--sec", alice.hex, "stray"]).status, 2)
    }

    func testFetchMissingProfileFromARelay() async throws {
        let relayStore = try EventStore()
        _ = try relayStore.save(try bobProfile())
        let relay = try LocalRelay(storage: relayStore)
        defer { Task { await relay.shutdown() } }
        let mention = try sign(bob, kind: .textNote, tags: [["p", alice.publicKey.hex]], content: "hey")
        let url = relay.url
        let alice = alice
        let r = try await Task.detached {
            try CLIHarness.run(["push-enrich", "--sec", alice.hex, "--fetch-missing", url, "--fetch-timeout", "5"], stdin: mention.json)
        }.value
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try json(r.lines[0])["title"] as? String, "Bob mentioned you")
        await relay.shutdown()
    }

    func testListenServesEnrichAndHealth() async throws {
        let server = try PushListener(["--sec", alice.hex])
        defer { _ = server.stop() }
        let http = URLSessionHTTPTransport()
        let base = server.url
        let mention = try sign(bob, kind: .textNote, tags: [["p", alice.publicKey.hex]], content: "over http")

        let health = try await http.send(HTTPRequest(url: base + "/health"))
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(try json(health.text)["accounts"] as? Int, 1)

        let ok = try await http.send(HTTPRequest(method: "POST", url: base + "/enrich", body: Array(mention.json.utf8)))
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(try json(ok.text)["category"] as? String, "mention")

        let hostile: [(String, [UInt8], Int)] = [
            ("malformed", Array(#"{"nostr_event":"#.utf8), 400),
            ("nested", Array(#"{"aps":"#.utf8) + [UInt8](repeating: 0x5B, count: 20_000), 400),
            ("invalid UTF-8", [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], 400),
            ("too large", [UInt8](repeating: 0x20, count: 300_000), 413),
        ]
        for (name, body, status) in hostile {
            let r = try await http.send(HTTPRequest(method: "POST", url: base + "/enrich", body: body))
            XCTAssertEqual(r.status, status, name)
        }
        let get = try await http.send(HTTPRequest(url: base + "/enrich"))
        XCTAssertEqual(get.status, 405)
        let missing = try await http.send(HTTPRequest(url: base + "/nope"))
        XCTAssertEqual(missing.status, 404)

        // Still alive and answering after all that.
        let again = try await http.send(HTTPRequest(method: "POST", url: base + "/enrich", body: Array(mention.json.utf8)))
        XCTAssertEqual(try json(again.text)["reason"] as? String, "duplicate")

        // The same over a WebSocket: one result message per payload message.
        let ws = try await POSIXWebSocketTransport().connect(url: base.replacingOccurrences(of: "http://", with: "ws://"))
        var messages = ws.messages.makeAsyncIterator()
        try await ws.send(text: "{broken")
        guard case let .text(reply)? = try await messages.next() else { return XCTFail("no reply over WebSocket") }
        XCTAssertEqual(try json(reply)["status"] as? String, "error")
        await ws.close()
        XCTAssertEqual(server.stop(), 0)
    }
}

/// A running `nak-swift push-enrich --listen 127.0.0.1:0` and the URL from its "listening at" line.
final class PushListener {
    let process = Process()
    let url: String
    private let stderr = Pipe()
    private var stopped = false

    struct StartFailed: Error { let output: String }

    init(_ args: [String]) throws {
        process.executableURL = CLIHarness.binary
        process.arguments = ["push-enrich", "--listen", "127.0.0.1:0"] + args
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path,
                               "XDG_DATA_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("none").path]
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        let reader = stderr.fileHandleForReading
        while !text.contains("\n") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "listening at ") else {
            process.terminate()
            throw StartFailed(output: text)
        }
        url = String(text[range.upperBound...].prefix { $0 != "\n" })
    }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        if !stopped {
            stopped = true
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }
}
