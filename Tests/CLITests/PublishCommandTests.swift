import Foundation
import Glibc
import NostrCore
import XCTest

/// `nak-swift serve --port 0` as a child process: the relay the network command tests talk to.
final class TestRelayProcess {
    private let process = Process()
    /// The URL from its "relay running at" line.
    let url: String

    init(_ args: [String] = []) throws {
        let stderr = Pipe()
        process.executableURL = CLIHarness.binary
        process.arguments = ["serve", "--port", "0", "--db", ":memory:"] + args
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The relay prints one line once it accepts connections; EOF (it died) ends the wait too.
        var text = ""
        while !text.contains("\n") {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "relay running at ") else {
            process.terminate()
            throw NSError(domain: "serve did not start: \(text)", code: 1)
        }
        url = String(text[range.upperBound...].prefix { $0 != "\n" })
    }

    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}

/// Keys and events for the network command tests, pinned so ids are stable.
enum NetFixtures {
    static let sec = String(repeating: "0", count: 63) + "9"
    static let key = try! SecretKey(hex: sec)
    static func note(_ content: String, at ts: Int64 = 1_700_000_000, tags: [Tag] = []) -> Event {
        try! UnsignedEvent(pubkey: key.publicKey, createdAt: ts, kind: .textNote, tags: tags, content: content).sign(with: key)
    }
}

/// `event … RELAY…`: one line per relay on stderr and the exit codes of CLI.md.
final class PublishCommandTests: XCTestCase {
    func testPublishesThenReportsTheDuplicateAsSuccess() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let args = ["event", "--sec", NetFixtures.sec, "-c", "hello relay", "--ts", "1700000000", relay.url]
        let first = try CLIHarness.run(args)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.lines.count, 1, "the event is printed")
        XCTAssertTrue(first.stderr.contains("publishing to \(relay.url)... success."), first.stderr)
        let again = try CLIHarness.run(args)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("success."), again.stderr)
        let stored = try CLIHarness.run(["req", "-k", "1", relay.url])
        XCTAssertEqual(stored.lines, first.lines, "stored once")
    }

    func testPipedEventsArePublishedUnchanged() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let events = [NetFixtures.note("one", at: 10), NetFixtures.note("two", at: 20)]
        let r = try CLIHarness.run(["event", relay.url], stdin: events.map(\.json).joined(separator: "\n"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "success.").count - 1, 2, r.stderr)
        let stored = try CLIHarness.run(["req", relay.url])
        XCTAssertEqual(Set(stored.lines.compactMap { try? Event(json: $0).id }), Set(events.map(\.id)))
    }

    func testEveryRelayRefusingExits123WithTheReason() throws {
        let relay = try TestRelayProcess(["--auth"])
        defer { relay.stop() }
        let r = try CLIHarness.run(["event", "--sec", NetFixtures.sec, "-c", "x", relay.url])
        XCTAssertEqual(r.status, 123, r.stderr)
        XCTAssertTrue(r.stderr.contains("publishing to \(relay.url)... failed: auth-required:"), r.stderr)
    }

    func testNoRelayReachableExits3() throws {
        let r = try CLIHarness.run(["event", "--sec", NetFixtures.sec, "-c", "x", "ws://127.0.0.1:1"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("publishing to ws://127.0.0.1:1... failed:"), r.stderr)
    }

    func testOneReachableRelayIsEnough() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let r = try CLIHarness.run(["event", "--sec", NetFixtures.sec, "-c", "x", relay.url, "ws://127.0.0.1:1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("ws://127.0.0.1:1... failed"), r.stderr)
    }

    func testInvalidRelayURLExits4BeforeSigning() throws {
        let r = try CLIHarness.run(["event", "--sec", NetFixtures.sec, "-c", "x", "wss://bad host"])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stdout.isEmpty, "nothing printed")
        XCTAssertTrue(r.stderr.contains("invalid relay URL"), r.stderr)
    }
}
