import Foundation
import TestSupport
import XCTest

/// `verify` and `filter` on recorded events.
final class VerifyFilterTests: XCTestCase {
    /// Three valid events (lines 1, 2, 4) and two whose id does not match (lines 3, 5).
    func mixed() throws -> String { String(decoding: try Corpus.data("cli/verify-mixed.jsonl"), as: UTF8.self) }

    func testVerifyNamesEachBadEventAndExits123() throws {
        let r = try CLIHarness.run(["verify"], stdin: try mixed())
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.stdout, "")
        let errors = r.stderr.split(separator: "\n")
        XCTAssertEqual(errors.count, 2, r.stderr)
        XCTAssertTrue(errors[0].contains("line 3") && errors[0].contains("0000000000000000000000000000000000000000000000000000000000000000"), r.stderr)
        XCTAssertTrue(errors[1].contains("line 5") && errors[1].contains("02b19e7daf78b072a29e8f1a2572e9b5ae71d3d14febedfd95181851b1f9af84"), r.stderr)
    }

    func testVerifySilentOnValidEventsAndEmptyInput() throws {
        let good = try mixed().split(separator: "\n").enumerated().filter { [0, 1, 3].contains($0.offset) }.map { String($0.element) }
        let r = try CLIHarness.run(["verify"], stdin: good.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try CLIHarness.run(["verify"]).status, 0)
    }

    func testVerifyRejectsATamperedSignatureAndGarbage() throws {
        let good = String(try mixed().split(separator: "\n")[0])
        let tampered = good.replacingOccurrences(of: #""content":"nn""#, with: #""content":"nN""#)
        XCTAssertNotEqual(good, tampered)
        let r = try CLIHarness.run(["verify"], stdin: tampered + "\nhello\n")
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 2, r.stderr)
    }

    func testFilterByKindAuthorAndTag() throws {
        let one = KeyCommandTests.one
        var lines: [String] = []
        for args in [["-k", "1", "-c", "a", "-t", "t=x"], ["-k", "7", "-c", "b"], ["-k", "1", "-c", "c", "-t", "t=y"]] {
            lines += try CLIHarness.run(["event", "--sec", one, "--ts", "1700000000"] + args).lines
        }
        let input = lines.joined(separator: "\n") + "\n"
        XCTAssertEqual(try CLIHarness.run(["filter", "-k", "1"], stdin: input).lines, [lines[0], lines[2]])
        XCTAssertEqual(try CLIHarness.run(["filter", "-t", "t=y"], stdin: input).lines, [lines[2]])
        XCTAssertEqual(try CLIHarness.run(["filter", "-a", KeyCommandTests.twoPub], stdin: input).lines, [])
        XCTAssertEqual(try CLIHarness.run(["filter", "-a", KeyCommandTests.onePub, "-k", "7"], stdin: input).lines, [lines[1]])
        XCTAssertEqual(try CLIHarness.run(["filter", "--since", "1700000001"], stdin: input).lines, [])
        XCTAssertEqual(try CLIHarness.run(["filter", "-l", "1"], stdin: input).lines, [lines[0]])
    }

    func testFilterBadLineExits123() throws {
        let r = try CLIHarness.run(["filter", "-k", "0"], stdin: try mixed() + "garbage\n")
        XCTAssertEqual(r.status, 123)
        XCTAssertEqual(r.lines.count, 3)   // the kind-0 lines 1, 2 and 4
        XCTAssertTrue(r.stderr.contains("line 6"), r.stderr)
    }
}
