import XCTest

/// `key generate|public|…`.
final class KeyCommandTests: XCTestCase {
    static let one = String(repeating: "0", count: 63) + "1"
    static let onePub = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    static let two = String(repeating: "0", count: 63) + "2"
    static let twoPub = "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"

    func testGenerateGivesAFreshHexKeyWhosePublicKeyDerives() throws {
        let a = try CLIHarness.run(["key", "generate"]), b = try CLIHarness.run(["key", "generate"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.lines.count, 1)
        XCTAssertEqual(a.lines[0].count, 64)
        XCTAssertNotEqual(a.stdout, b.stdout)
        let pub = try CLIHarness.run(["key", "public", a.lines[0]])
        XCTAssertEqual(pub.status, 0, pub.stderr)
        XCTAssertEqual(pub.lines.first?.count, 64)
    }

    func testPublicFromArgumentsAndStdin() throws {
        let args = try CLIHarness.run(["key", "public", Self.one, Self.two])
        XCTAssertEqual(args.lines, [Self.onePub, Self.twoPub])
        let piped = try CLIHarness.run(["key", "public"], stdin: "\(Self.one)\n\n\(Self.two)\n")
        XCTAssertEqual(piped.lines, [Self.onePub, Self.twoPub])
        XCTAssertEqual(piped.status, 0)
    }

    func testPublicBadLineExits123AndKeepsGoingWithoutEchoingTheSecret() throws {
        let bad = String(repeating: "f", count: 64)   // above the curve order
        let r = try CLIHarness.run(["key", "public"], stdin: "\(bad)\n\(Self.two)\n")
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.lines, [Self.twoPub])
        XCTAssertTrue(r.stderr.contains("line 1"), r.stderr)
        XCTAssertFalse(r.stderr.contains(bad), r.stderr)
    }

    func testPublicWithNoInputIsAUsageError() throws {
        let r = try CLIHarness.run(["key", "public"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("missing argument SEC"), r.stderr)
    }
}
