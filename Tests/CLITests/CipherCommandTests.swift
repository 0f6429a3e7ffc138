import XCTest

/// `encrypt` / `decrypt` between two keys, NIP-44 and NIP-04.
final class CipherCommandTests: XCTestCase {
    let one = KeyCommandTests.one, onePub = KeyCommandTests.onePub
    let two = KeyCommandTests.two, twoPub = KeyCommandTests.twoPub

    func testNIP44RoundTripBetweenTwoKeys() throws {
        let enc = try CLIHarness.run(["encrypt", "--sec", one, "-p", twoPub, "hello, world"])
        XCTAssertEqual(enc.status, 0, enc.stderr)
        XCTAssertEqual(enc.lines.count, 1)
        XCTAssertTrue(enc.lines[0].hasPrefix("A"), "NIP-44 v2 payloads start with version byte 2: \(enc.stdout)")
        let dec = try CLIHarness.run(["decrypt", "--sec", two, "-p", onePub, enc.lines[0]])
        XCTAssertEqual(dec.status, 0, dec.stderr)
        XCTAssertEqual(dec.lines, ["hello, world"])
    }

    func testNIP04RoundTripWithKeysFromEnvironmentAndNpub() throws {
        let npubTwo = try CLIHarness.run(["encode", "npub", twoPub]).lines[0]
        let enc = try CLIHarness.run(["encrypt", "--nip04", "-p", npubTwo, "hi"], env: ["NOSTR_SECRET_KEY": one])
        XCTAssertEqual(enc.status, 0, enc.stderr)
        XCTAssertTrue(enc.lines[0].contains("?iv="), enc.stdout)
        let dec = try CLIHarness.run(["decrypt", "--nip04", "-p", onePub, enc.lines[0]], env: ["NOSTR_SECRET_KEY": two])
        XCTAssertEqual(dec.lines, ["hi"])
    }

    func testStdinLinesAreEachEncrypted() throws {
        let enc = try CLIHarness.run(["encrypt", "--sec", one, "-p", twoPub], stdin: "first\nsecond\n")
        XCTAssertEqual(enc.lines.count, 2)
        let dec = try CLIHarness.run(["decrypt", "--sec", two, "-p", onePub], stdin: enc.stdout)
        XCTAssertEqual(dec.lines, ["first", "second"])
    }

    func testMissingKeySaysHowToGiveOne() throws {
        let r = try CLIHarness.run(["encrypt", "-p", twoPub, "x"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--sec"), r.stderr)
        XCTAssertTrue(r.stderr.contains("NOSTR_SECRET_KEY"), r.stderr)
    }

    func testMissingRecipientIsAUsageError() throws {
        XCTAssertEqual(try CLIHarness.run(["encrypt", "--sec", one, "x"]).status, 2)
    }

    func testBadPayloadExits123AndTheKeyIsNotEchoed() throws {
        let r = try CLIHarness.run(["decrypt", "--sec", two, "-p", onePub, "not-a-payload"])
        XCTAssertEqual(r.status, 123)
        XCTAssertFalse(r.stderr.contains(two), r.stderr)
    }

    func testMalformedKeyIsNotEchoed() throws {
        let secret = String(repeating: "a", count: 60)
        let r = try CLIHarness.run(["encrypt", "-p", twoPub, "x"], env: ["NOSTR_SECRET_KEY": secret])
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stderr.contains(secret), r.stderr)
    }
}
