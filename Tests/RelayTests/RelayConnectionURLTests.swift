@testable import Relay
import XCTest

/// `RelayURL` normalisation, `PublishResult` reading and `Backoff` bounds.
final class RelayConnectionURLTests: XCTestCase {
    func testNormalisation() throws {
        let rows: [(input: String, expected: String)] = [
            ("relay.damus.io", "wss://relay.damus.io"),
            ("wss://Relay.Damus.io/", "wss://relay.damus.io"),
            ("wss://relay.damus.io:443", "wss://relay.damus.io"),
            ("  nos.lol  ", "wss://nos.lol"),
            ("localhost:10547", "ws://localhost:10547"),
            ("127.0.0.1:7777", "ws://127.0.0.1:7777"),
            ("127.0.0.1", "ws://127.0.0.1"),
            ("ws://127.0.0.1:10547/", "ws://127.0.0.1:10547"),
            ("https://relay.example.com/inbox/", "wss://relay.example.com/inbox"),
            ("http://localhost:8080", "ws://localhost:8080"),
            ("WSS://relay.example.com:8443/x", "wss://relay.example.com:8443/x"),
            ("[::1]:9000", "ws://[::1]:9000"),
        ]
        for row in rows {
            XCTAssertEqual(try RelayURL(row.input).string, row.expected, "input \(row.input)")
        }
        XCTAssertEqual(try RelayURL("nos.lol"), try RelayURL("wss://NOS.lol/"))
    }

    func testInvalid() {
        for bad in ["", "   ", "not a url", "ftp://relay.example.com", "wss://", "wss://host:99999", "wss://host:abc",
                    "wss://-bad.example", "ws://exa mple.com", "wss://ex@mple!.com"] {
            XCTAssertThrowsError(try RelayURL(bad), "input \(bad)") { error in
                guard case .invalidURL = error as? RelayError else { return XCTFail("\(bad): \(error)") }
            }
        }
    }

    func testPublishResultReadsOK() {
        XCTAssertEqual(PublishResult(accepted: true, message: ""), .accepted(message: ""))
        XCTAssertEqual(PublishResult(accepted: true, message: "duplicate: have it"), .duplicate(message: "duplicate: have it"))
        let r = PublishResult(accepted: false, message: "rate-limited: slow down")
        XCTAssertEqual(r.prefix, "rate-limited")
        XCTAssertFalse(r.isSuccess)
        XCTAssertNil(PublishResult(accepted: false, message: "no prefix here").prefix)
    }

    func testBackoffGrowsAndIsCapped() {
        let b = Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(1), jitter: 0.5)
        for attempt in 0 ..< 40 {
            let d = b.delay(attempt: attempt)
            let full = min(0.1 * Double(1 << min(attempt, 20)), 1.0)
            XCTAssertGreaterThanOrEqual(d, .nanoseconds(Int64(full * 0.5 * 1e9) - 1), "attempt \(attempt)")
            XCTAssertLessThanOrEqual(d, .nanoseconds(Int64(full * 1e9) + 1), "attempt \(attempt)")
        }
        XCTAssertEqual(Backoff(initial: .milliseconds(100), jitter: 0).delay(attempt: 2), .milliseconds(400))
    }
}

/// NIP-11 through `RelayInformationClient` against the scripted relay's HTTP side.
final class RelayConnectionInformationTests: XCTestCase {
    func testFetchesTheDocument() async throws {
        let relay = try ScriptedRelay.start()
        let url = relay.relayURL
        try await within(10) {
            let doc = try await RelayInformationClient().fetch(url)
            XCTAssertEqual(doc["name"]?.stringValue, "scripted")
        }
        await relay.stop()
        try await within(10) {
            do { _ = try await RelayInformationClient().fetch(url, timeout: .seconds(2)); XCTFail("expected unreachable") } catch let e as RelayError {
                XCTAssertTrue(e.isUnreachable, "\(e)")
                XCTAssertEqual(e.relay, url.string)
            }
        }
    }
}
