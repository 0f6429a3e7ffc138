import Foundation
import NostrCore
import XCTest

/// `count` (NIP-45) against `nak-swift serve`.
final class CountCommandTests: XCTestCase {
    func testCountPerRelay() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let notes = (0 ..< 4).map { NetFixtures.note("c\($0)", at: Int64($0) + 1) }
        _ = try CLIHarness.run(["event", "-q", relay.url], stdin: notes.map(\.json).joined(separator: "\n"))
        let r = try CLIHarness.run(["count", "-k", "1", relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["{\"relay\":\"\(relay.url)\",\"count\":4}"])
        let none = try CLIHarness.run(["count", "-k", "1", "ws://127.0.0.1:1"])
        XCTAssertEqual(none.status, 3, none.stderr)
    }
}
