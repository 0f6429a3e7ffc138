import Foundation
import XCTest

/// `event`: pinned `--sec` and `--ts` give exact ids (computed independently with Python's hashlib
/// over the NIP-01 serialization).
final class EventCommandTests: XCTestCase {
    let one = KeyCommandTests.one, onePub = KeyCommandTests.onePub, twoPub = KeyCommandTests.twoPub
    let ts = "1700000000"

    private func object(_ line: String, file: StaticString = #filePath, line l: UInt = #line) throws -> [String: Any] {
        let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return try XCTUnwrap(o, "not a JSON object: \(line)", file: file, line: l)
    }

    func testPinnedNoteHasTheExactID() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 1)
        let e = try object(try XCTUnwrap(r.lines.first))
        XCTAssertEqual(e["id"] as? String, "bde202ea7642ff9910600c7edc948a1f4220f0cbf5e4fb2b7efafa681bbb5285")
        XCTAssertEqual(e["pubkey"] as? String, onePub)
        XCTAssertEqual(e["kind"] as? Int, 1)
        XCTAssertEqual((e["sig"] as? String)?.count, 128)
    }

    func testTagsFromFlagsInOrder() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello", "-t", "t=nostr", "-p", twoPub])
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "3acc55c97092ce7145c508e6810519b11394b88fcdbbe819600038f0f3ebc024")
        let multi = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello", "-t", "t=a;b"])
        XCTAssertEqual(try object(multi.lines[0])["id"] as? String, "7785185f98fe39c88be83010ae294bbf3d7596a3e114a3f874e383a80841e062")
    }

    func testKindDTagAndContentFromFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nak-swift-content-\(UUID().uuidString).md")
        try Data("line1\nline2\n".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-k", "30023", "-d", "art", "-c", "@" + path.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "452236bdb9fbf69c2bc33858cbe118338932cda2c195d273610e4fadfd50073b")
    }

    func testOutputVerifies() throws {
        let e = try CLIHarness.run(["event", "--sec", one, "-c", "check me"])
        let v = try CLIHarness.run(["verify"], stdin: e.stdout)
        XCTAssertEqual(v.status, 0, v.stderr)
        XCTAssertEqual(v.stdout, "")
        XCTAssertEqual(v.stderr, "")
    }

    func testEnvelope() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello", "--envelope"])
        let a = try JSONSerialization.jsonObject(with: Data(r.lines[0].utf8)) as? [Any]
        XCTAssertEqual(a?.first as? String, "EVENT")
        XCTAssertEqual((a?.last as? [String: Any])?["id"] as? String, "bde202ea7642ff9910600c7edc948a1f4220f0cbf5e4fb2b7efafa681bbb5285")
    }

    func testMissingKeyExits1AndSaysHow() throws {
        let r = try CLIHarness.run(["event", "-c", "x"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--sec") && r.stderr.contains("NOSTR_SECRET_KEY"), r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func testKeyFromEnvironment() throws {
        let r = try CLIHarness.run(["event", "--ts", ts, "-c", "hello"], env: ["NOSTR_SECRET_KEY": one])
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "bde202ea7642ff9910600c7edc948a1f4220f0cbf5e4fb2b7efafa681bbb5285")
    }

    func testBadFlagValuesAreUsageErrors() throws {
        XCTAssertEqual(try CLIHarness.run(["event", "--sec", one, "-k", "abc"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["event", "--sec", one, "-p", "nothex"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["event", "--sec", one, "--ts"]).status, 2)
    }

    func testUnmodifiedSignedEventIsNotResigned() throws {
        // Signatures use fresh randomness, so a re-signed event would carry a different sig.
        let original = try CLIHarness.run(["event", "--sec", one, "-c", "keep me"]).lines[0]
        let piped = try CLIHarness.run(["event", "--sec", one], stdin: original + "\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.lines, [original])
        // Not even a key is needed to pass it through.
        XCTAssertEqual(try CLIHarness.run(["event"], stdin: original + "\n").lines, [original])
    }

    func testPipedEventModifiedByFlagsIsResigned() throws {
        let original = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello"]).lines[0]
        let r = try CLIHarness.run(["event", "--sec", one, "-t", "t=nostr", "-p", twoPub], stdin: original + "\n")
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "3acc55c97092ce7145c508e6810519b11394b88fcdbbe819600038f0f3ebc024")
    }

    func testPartialTemplateIsCompletedAndSigned() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", "1700000001"], stdin: #"{"kind":7,"content":"+"}"# + "\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "3a489a2efebb00a20f7bd1e61a901d275b785b3534be567e6c6755571bdca73e")
    }

    func testPrettyJSONOnStdinAndBadItemsExit123() throws {
        let pretty = """
            {
              "kind": 7,
              "content": "+",
              "tags": []
            }
            not json
            {"kind": "seven"}
            """
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", "1700000001"], stdin: pretty + "\n")
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.lines.count, 1)
        XCTAssertEqual(try object(try XCTUnwrap(r.lines.first))["id"] as? String, "3a489a2efebb00a20f7bd1e61a901d275b785b3534be567e6c6755571bdca73e")
        XCTAssertTrue(r.stderr.contains("line 6"), r.stderr)
        XCTAssertTrue(r.stderr.contains("line 7"), r.stderr)
    }

    func testEmptyStdinRunsOnceWithFlags() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "hello"], stdin: "")
        XCTAssertEqual(r.lines.count, 1)
    }

    func testProofOfWork() throws {
        let r = try CLIHarness.run(["event", "--sec", one, "--ts", ts, "-c", "work", "--pow", "8"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let e = try object(try XCTUnwrap(r.lines.first))
        // The smallest nonce giving 8 zero bits is 27 (found independently with hashlib).
        XCTAssertEqual(e["id"] as? String, "00564d2789abfd1ecb6bb44fd218c5e51c7152dac6ddd75cc00da661593b8139")
        XCTAssertEqual(e["tags"] as? [[String]], [["nonce", "27", "8"]])
        XCTAssertEqual(try CLIHarness.run(["verify"], stdin: r.stdout).status, 0)
    }

    func testUnreachableRelayExits3() throws {
        // Publishing is wired now (PublishCommandTests has the rest): a relay that cannot be reached is exit 3.
        let r = try CLIHarness.run(["event", "--sec", one, "-c", "x", "ws://127.0.0.1:1"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("publishing to ws://127.0.0.1:1... failed"), r.stderr)
    }
}
