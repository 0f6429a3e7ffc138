import XCTest

/// `gift wrap` / `gift unwrap`. Keys go in through `NOSTR_SECRET_KEY`, never argv.
final class GiftCommandTests: XCTestCase {
    static let one = KeyCommandTests.one, onePub = KeyCommandTests.onePub
    static let two = KeyCommandTests.two, twoPub = KeyCommandTests.twoPub

    private func wrap(_ rumor: String, as sec: String = one, to: String = twoPub) throws -> CLIResult {
        try CLIHarness.run(["gift", "wrap", "-p", to], stdin: rumor, env: ["NOSTR_SECRET_KEY": sec])
    }

    private func unwrap(_ wraps: String, as sec: String = two) throws -> CLIResult {
        try CLIHarness.run(["gift", "unwrap"], stdin: wraps, env: ["NOSTR_SECRET_KEY": sec])
    }

    func testRoundTripFillsTheTemplateAndKeepsTheRumor() throws {
        let w = try wrap(#"{"kind":14,"content":"hi \"bob\"","created_at":1700000000,"tags":[["p","\#(Self.twoPub)"]]}"#)
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(w.lines.count, 1)
        XCTAssertTrue(w.stdout.contains(#""kind":1059"#), w.stdout)
        // The escaped quote cannot occur in base64 or hex, so this cannot match by chance (plain "hi" could).
        XCTAssertFalse(w.stdout.contains(#"\"bob\""#), "the wrap shows the content")

        let u = try unwrap(w.stdout)
        XCTAssertEqual(u.status, 0, u.stderr)
        XCTAssertEqual(u.lines.count, 1)
        let rumor = u.lines[0]
        XCTAssertTrue(rumor.contains(#""pubkey":"\#(Self.onePub)""#), rumor)
        XCTAssertTrue(rumor.contains(#""created_at":1700000000,"kind":14"#), rumor)
        XCTAssertTrue(rumor.contains(#""content":"hi \"bob\"""#), rumor)
        XCTAssertFalse(rumor.contains(#""sig""#), rumor)
    }

    func testASignedInputLosesItsSignatureAndManyRecipientsGetOneWrapEach() throws {
        let signed = #"{"id":"00","pubkey":"\#(Self.onePub)","created_at":1,"kind":1,"tags":[],"content":"x","sig":"00"}"#
        let w = try CLIHarness.run(["gift", "wrap", "-p", Self.twoPub, "-p", Self.onePub], stdin: signed,
                                   env: ["NOSTR_SECRET_KEY": Self.one])
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(w.lines.count, 2)
        let mine = try unwrap(w.lines[1], as: Self.one)
        XCTAssertEqual(mine.status, 0, mine.stderr)
        XCTAssertFalse(mine.stdout.contains(#""sig""#))
        XCTAssertEqual(try unwrap(w.lines[0]).status, 0)
    }

    func testAWrapForSomeoneElseFailsItsItem() throws {
        let w = try wrap(#"{"content":"secret"}"#)
        let other = String(repeating: "0", count: 63) + "3"
        let u = try unwrap(w.lines[0] + "\n" + w.lines[0], as: other)
        XCTAssertEqual(u.status, 123)
        XCTAssertEqual(u.lines, [])
        XCTAssertTrue(u.stderr.contains("line 1: cannot open the gift wrap"), u.stderr)
        XCTAssertTrue(u.stderr.contains("line 2:"), u.stderr)
    }

    func testAnotherAuthorsEventIsRefused() throws {
        let w = try wrap(#"{"pubkey":"\#(Self.twoPub)","content":"forged"}"#)
        XCTAssertEqual(w.status, 123)
        XCTAssertTrue(w.stderr.contains("is not the --sec key"), w.stderr)
    }

    func testWrapNeedsARecipient() throws {
        XCTAssertEqual(try CLIHarness.run(["gift", "wrap"], stdin: "{}", env: ["NOSTR_SECRET_KEY": Self.one]).status, 2)
    }
}
