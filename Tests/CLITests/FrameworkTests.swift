import XCTest

/// The command-line framework: dispatch, help, usage errors, stdin handling.
final class FrameworkTests: XCTestCase {
    func testNoCommandIsAUsageError() throws {
        let r = try CLIHarness.run([])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no command given"), r.stderr)
        XCTAssertTrue(r.stderr.contains("commands:"), r.stderr)
    }

    func testUnknownCommandExits2() throws {
        let r = try CLIHarness.run(["frobnicate"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown command 'frobnicate'"), r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func testHelpListsCommandsOnStdout() throws {
        for args in [["help"], ["--help"], ["-h"]] {
            let r = try CLIHarness.run(args)
            XCTAssertEqual(r.status, 0, "\(args)")
            XCTAssertTrue(r.stdout.contains("key "), "\(args): \(r.stdout)")
        }
    }

    func testSubcommandHelp() throws {
        for args in [["help", "key", "generate"], ["key", "generate", "--help"], ["key", "generate", "-h"]] {
            let r = try CLIHarness.run(args)
            XCTAssertEqual(r.status, 0, "\(args)")
            XCTAssertTrue(r.stdout.contains("usage: nak-swift key generate"), "\(args): \(r.stdout)")
        }
        let group = try CLIHarness.run(["key", "--help"])
        XCTAssertEqual(group.status, 0)
        XCTAssertTrue(group.stdout.contains("subcommands:"), group.stdout)
    }

    func testMissingAndUnknownSubcommand() throws {
        let missing = try CLIHarness.run(["key"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("'key' needs a subcommand"), missing.stderr)
        let unknown = try CLIHarness.run(["key", "nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no subcommand 'nope'"), unknown.stderr)
    }

    func testUnknownFlagAndExtraArgumentExit2WithUsage() throws {
        let flag = try CLIHarness.run(["key", "generate", "--bogus"])
        XCTAssertEqual(flag.status, 2)
        XCTAssertTrue(flag.stderr.contains("unknown flag '--bogus'"), flag.stderr)
        XCTAssertTrue(flag.stderr.contains("usage: nak-swift key generate"), flag.stderr)
        let extra = try CLIHarness.run(["key", "generate", "extra"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.stderr.contains("unexpected argument 'extra'"), extra.stderr)
    }

    func testQuietAndVerboseTogetherIsAUsageError() throws {
        let r = try CLIHarness.run(["-q", "-v", "key", "generate"])
        XCTAssertEqual(r.status, 2)
    }

    func testGlobalFlagsAnywhere() throws {
        XCTAssertEqual(try CLIHarness.run(["-q", "key", "generate"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["key", "generate", "-q"]).status, 0)
    }

    func testFlagSpellingsAndDoubleDash() throws {
        let sec = KeyCommandTests.one
        let a = try CLIHarness.run(["event", "--kind=7", "--content=+", "--sec=\(sec)", "--ts", "1700000001"])
        let b = try CLIHarness.run(["event", "-k", "7", "-c", "+", "--sec", sec, "--ts=1700000001"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertTrue(a.stdout.contains("3a489a2efebb00a20f7bd1e61a901d275b785b3534be567e6c6755571bdca73e"), a.stdout)
        XCTAssertTrue(b.stdout.contains("3a489a2efebb00a20f7bd1e61a901d275b785b3534be567e6c6755571bdca73e"), b.stdout)
        // After `--` a word that looks like a flag is an argument.
        let r = try CLIHarness.run(["encode", "npub", "--", "-x"])
        XCTAssertEqual(r.status, 123)
        XCTAssertTrue(r.stderr.contains("'-x'"), r.stderr)
    }

    func testRepeatedFlagsCollect() throws {
        let r = try CLIHarness.run(["event", "--sec", KeyCommandTests.one, "-t", "a=1", "-t", "b=2", "--tag", "c=3"])
        XCTAssertTrue(r.stdout.contains(#"[["a","1"],["b","2"],["c","3"]]"#), r.stdout)
    }
}
