import Foundation
import NostrCore
import XCTest

/// `fetch` through relay hints and `-r`.
final class FetchCommandTests: XCTestCase {
    func testFetchNeventThroughItsRelayHint() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let note = NetFixtures.note("fetch me")
        _ = try CLIHarness.run(["event", "-q", relay.url], stdin: note.json)
        let code = NIP19.encode(.nevent(id: note.id, relays: [relay.url], author: nil, kind: nil))
        let r = try CLIHarness.run(["fetch", code])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.compactMap { try? Event(json: $0).id }, [note.id])
        let viaFlag = try CLIHarness.run(["fetch", "nostr:" + NIP19.encode(.note(note.id)), "-r", relay.url])
        XCTAssertEqual(viaFlag.lines.count, 1, viaFlag.stderr)
        let missing = try CLIHarness.run(["fetch", NIP19.encode(.note(try EventID(hex: String(repeating: "ab", count: 32)))), "-r", relay.url])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("not found"), missing.stderr)
    }

    /// An npub with no hints: its relay list comes from `--indexer`, its profile from the write relay named there.
    func testFetchProfileThroughTheIndexerAndTheOutbox() throws {
        let indexer = try TestRelayProcess()
        defer { indexer.stop() }
        let outbox = try TestRelayProcess()
        defer { outbox.stop() }
        let key = NetFixtures.key
        let relays = try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000, kind: 10_002,
                                       tags: [["r", outbox.url, "write"]], content: "").sign(with: key)
        let profile = try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000, kind: .metadata,
                                        content: #"{"name":"nine"}"#).sign(with: key)
        XCTAssertEqual(try CLIHarness.run(["event", "-q", indexer.url], stdin: relays.json).status, 0)
        XCTAssertEqual(try CLIHarness.run(["event", "-q", outbox.url], stdin: profile.json).status, 0)

        let r = try CLIHarness.run(["fetch", NIP19.encode(.npub(key.publicKey)), "--indexer", indexer.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.compactMap { try? Event(json: $0).id }, [profile.id])
        let bad = try CLIHarness.run(["fetch", NIP19.encode(.npub(key.publicKey)), "--indexer", "not a relay"])
        XCTAssertEqual(bad.status, 4, bad.stderr)
    }
}
