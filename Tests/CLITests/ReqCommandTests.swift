import Foundation
import Glibc
import NostrCore
import XCTest

/// `req`, `count` and `fetch` against `nak-swift serve` started by the test.
final class ReqCommandTests: XCTestCase {
    private func seed(_ relay: TestRelayProcess, _ events: [Event]) throws {
        let r = try CLIHarness.run(["event", "-q", relay.url], stdin: events.map(\.json).joined(separator: "\n"))
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testReqPrintsMatchingEventsAndExitsAfterEOSE() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let notes = (0 ..< 3).map { NetFixtures.note("n\($0)", at: 100 + Int64($0)) }
        try seed(relay, notes)
        let r = try CLIHarness.run(["req", "-k", "1", "-l", "2", relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.compactMap { try? Event(json: $0).createdAt }, [102, 101])
        // Two URLs naming the same relay: asked once, printed once.
        let both = try CLIHarness.run(["req", "-k", "1", relay.url, relay.url.replacingOccurrences(of: "ws://", with: "")])
        XCTAssertEqual(both.lines.count, 3, both.stderr)
    }

    func testFilterOnStdinModifiedByFlags() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        try seed(relay, [NetFixtures.note("a", at: 1), NetFixtures.note("b", at: 2), NetFixtures.note("c", at: 3)])
        let r = try CLIHarness.run(["req", "-l", "1", relay.url], stdin: #"{"kinds":[1],"since":2}"#)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.compactMap { try? Event(json: $0).content }, ["c"])
    }

    func testPaginateWalksBackThroughEverything() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let notes = (0 ..< 7).map { NetFixtures.note("p\($0)", at: 500 + Int64($0)) }
        try seed(relay, notes)
        let r = try CLIHarness.run(["req", "-k", "1", "-l", "3", "--paginate", relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Set(r.lines.compactMap { try? Event(json: $0).id }), Set(notes.map(\.id)))
        XCTAssertEqual(r.lines.count, 7)
    }

    func testAuthAnswersTheChallenge() throws {
        let relay = try TestRelayProcess(["--auth"])
        defer { relay.stop() }
        let note = NetFixtures.note("behind auth")
        let published = try CLIHarness.run(["event", relay.url], stdin: note.json)
        XCTAssertEqual(published.status, 123, "no --auth for event: refused")
        let refused = try CLIHarness.run(["req", "-k", "1", relay.url])
        XCTAssertTrue(refused.stderr.contains("auth-required"), refused.stderr)
        let r = try CLIHarness.run(["req", "--auth", "--sec", NetFixtures.sec, "-k", "1", relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("auth-required"), r.stderr)
    }

    func testWithoutRelaysTheLocalIndexIsQueriedAndRelayResultsCached() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("req-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("events.sqlite").path
        let missing = try CLIHarness.run(["req", "--db", db, "-k", "1"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no local index"), missing.stderr)
        try seed(relay, [NetFixtures.note("cached", at: 42)])
        let fromRelay = try CLIHarness.run(["req", "--db", db, "-k", "1", relay.url])
        XCTAssertEqual(fromRelay.lines.count, 1, fromRelay.stderr)
        let fromIndex = try CLIHarness.run(["req", "--db", db, "-k", "1"])
        XCTAssertEqual(fromIndex.status, 0, fromIndex.stderr)
        XCTAssertEqual(fromIndex.lines, fromRelay.lines, "what req fetched is in the index")
    }

    func testUnreachableExits3AndInvalidExits4() throws {
        let r = try CLIHarness.run(["req", "-k", "1", "ws://127.0.0.1:1"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("ws://127.0.0.1:1"), r.stderr)
        let bad = try CLIHarness.run(["req", "-k", "1", "http//nope nope"])
        XCTAssertEqual(bad.status, 4, bad.stderr)
    }
}

/// `req --stream`: live events keep coming after EOSE.
final class ReqStreamTests: XCTestCase {
    func testStreamPrintsLiveEvents() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let p = Process()
        let out = Pipe()
        p.executableURL = CLIHarness.binary
        p.arguments = ["req", "--stream", "-k", "1", relay.url]
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        defer { p.terminate(); p.waitUntilExit() }
        // Published after the stream is open, it can only arrive as a live event. The REQ may not have reached
        // the relay yet, so publish a new note until one arrives (each publish waits for its OK: no sleeping).
        var published: [String] = []
        var line = ""
        for i in 0 ..< 50 where line.isEmpty {
            let note = NetFixtures.note("live \(i)")
            published.append(note.id.hex)
            _ = try CLIHarness.run(["event", "-q", relay.url], stdin: note.json)
            if poll(out.fileHandleForReading.fileDescriptor, 200) {
                line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
            }
        }
        XCTAssertTrue(published.contains { line.contains($0) }, line)
        XCTAssertTrue(p.isRunning, "--stream keeps going after EOSE")
    }

    private func poll(_ fd: Int32, _ ms: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&p, 1, ms) > 0
    }
}
