import XCTest

/// `encode …` (and `decode` once it lands), checked against the NIP-19 spec examples.
final class EncodeCommandTests: XCTestCase {
    // NIP-19 examples.
    static let specPub = "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"
    static let specNpub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    static let specSec = "67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa"
    static let specNsec = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
    static let specNprofile = "nprofile1qqsrhuxx8l9ex335q7he0f09aej04zpazpl0ne2cgukyawd24mayt8gpp4mhxue69uhhytnc9e3k7mgpz4mhxue69uhkg6nzv9ejuumpv34kytnrdaksjlyr9p"
    static let one = String(repeating: "0", count: 63) + "1"

    func testNpubAndNsecMatchTheSpec() throws {
        XCTAssertEqual(try CLIHarness.run(["encode", "npub", Self.specPub]).lines, [Self.specNpub])
        XCTAssertEqual(try CLIHarness.run(["encode", "nsec", Self.specSec]).lines, [Self.specNsec])
        XCTAssertEqual(try CLIHarness.run(["encode", "npub"], stdin: Self.specPub + "\n").lines, [Self.specNpub])
    }

    func testNprofileWithRelaysMatchesTheSpec() throws {
        let r = try CLIHarness.run(["encode", "nprofile", "--relay", "wss://r.x.com", "-r", "wss://djbas.sadkb.com", Self.specPub])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [Self.specNprofile])
    }

    func testNsecRoundTripsThroughKeyPublic() throws {
        let nsec = try CLIHarness.run(["encode", "nsec", Self.one]).lines[0]
        XCTAssertEqual(try CLIHarness.run(["key", "public", nsec]).lines, [KeyCommandTests.onePub])
        XCTAssertEqual(try CLIHarness.run(["key", "public", "--npub", nsec]).lines,
                       try CLIHarness.run(["encode", "npub", KeyCommandTests.onePub]).lines)
    }

    func testGenerateNsecIsUsableAsSec() throws {
        let nsec = try CLIHarness.run(["key", "generate", "--nsec"]).lines[0]
        XCTAssertTrue(nsec.hasPrefix("nsec1"))
        XCTAssertEqual(try CLIHarness.run(["key", "public", nsec]).status, 0)
    }

    func testNaddrNeedsItsFlags() throws {
        let missing = try CLIHarness.run(["encode", "naddr", "--pubkey", Self.specPub, "--kind", "30023"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--identifier"), missing.stderr)
        let ok = try CLIHarness.run(["encode", "naddr", "-d", "x", "--pubkey", Self.specNpub, "--kind", "30023", "-r", "wss://r.example"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.lines.first?.hasPrefix("naddr1") ?? false, ok.stdout)
    }

    func testBadValuesFailPerItemAndSecretsAreNotEchoed() throws {
        let r = try CLIHarness.run(["encode", "npub", "zz", Self.specPub])
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.lines, [Self.specNpub])
        let badSecret = String(repeating: "f", count: 64)
        let s = try CLIHarness.run(["encode", "nsec", badSecret])
        XCTAssertEqual(s.status, 123)
        XCTAssertFalse(s.stderr.contains(badSecret), s.stderr)
    }
}
