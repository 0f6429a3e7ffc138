import Foundation
import XCTest

/// `relay URL`: the NIP-11 document of `nak-swift serve`, indented.
final class FetchRelayInformationTests: XCTestCase {
    func testPrintsTheDocumentIndented() throws {
        let relay = try TestRelayProcess()
        defer { relay.stop() }
        let r = try CLIHarness.run(["relay", relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\n  \"supported_nips\""), r.stdout)
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        XCTAssertNotNil(doc?["supported_nips"])
        let down = try CLIHarness.run(["relay", "ws://127.0.0.1:1"])
        XCTAssertEqual(down.status, 3, down.stderr)
        XCTAssertEqual(try CLIHarness.run(["relay", "ftp://x"]).status, 4)
    }
}
