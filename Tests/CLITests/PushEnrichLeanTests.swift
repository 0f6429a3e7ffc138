import Foundation
import NostrCore
import XCTest

/// `nak-push-enrich`, the NostrCore-only entry point: same results as `nak-swift push-enrich`.
final class PushEnrichLeanTests: XCTestCase {
    private var lean: URL { CLIHarness.binary.deletingLastPathComponent().appendingPathComponent("nak-push-enrich") }

    private func run(_ args: [String], stdin: String, env: [String: String] = [:]) throws -> CLIResult {
        let p = Process()
        p.executableURL = lean
        p.arguments = args
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"].merging(env) { $1 }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        inPipe.fileHandleForWriting.write(Data(stdin.utf8))
        try inPipe.fileHandleForWriting.close()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLIResult(status: p.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err, as: UTF8.self))
    }

    func testLeanBinaryMatchesTheCommand() throws {
        let alice = SecretKey.generate(), bob = SecretKey.generate()
        let mention = try UnsignedEvent(pubkey: bob.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: .textNote,
                                        tags: [["p", alice.publicKey.hex]], content: "ping").sign(with: bob)
        let lean = try run(["--sec", alice.nsec], stdin: mention.json)
        let full = try CLIHarness.run(["push-enrich", "--sec", alice.nsec], stdin: mention.json)
        XCTAssertEqual(lean.status, 0, lean.stderr)
        XCTAssertEqual(lean.stdout, full.stdout)

        let stream = try run(["--stream"], stdin: "\(mention.json)\n\n{oops\n\(mention.json)\n", env: ["NOSTR_SECRET_KEY": alice.hex])
        XCTAssertEqual(stream.status, 0, stream.stderr)
        XCTAssertEqual(stream.lines.count, 3, "blank lines are skipped")
        XCTAssertTrue(stream.lines[1].hasPrefix(#"{"status":"error""#))
        XCTAssertEqual(stream.lines[2], #"{"status":"suppress","reason":"duplicate"}"#)

        let bad = try run(["--sec", alice.hex], stdin: "{")
        XCTAssertEqual(bad.status, 123)
        XCTAssertEqual(try run(["--bogus"], stdin: "").status, 2)
        XCTAssertEqual(try run([], stdin: mention.json).status, 1, "no key")
    }

    /// An ncryptsec opens with an ASCII password; a non-ASCII one needs NIP-49's NFKC, which this binary
    /// leaves to `nak-swift`, and it says so without echoing the password.
    func testLeanBinaryNcryptsecPasswords() throws {
        let alice = SecretKey.generate(), bob = SecretKey.generate()
        let mention = try UnsignedEvent(pubkey: bob.publicKey, createdAt: Int64(Date().timeIntervalSince1970), kind: .textNote,
                                        tags: [["p", alice.publicKey.hex]], content: "ping").sign(with: bob)
        let ascii = try NIP49.encrypt(alice, password: "hunter2", logN: 1, normalizer: .asciiOnly)
        let ok = try run(["--sec", ascii], stdin: mention.json, env: ["NOSTR_PASSWORD": "hunter2"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains(#""account":"\#(alice.publicKey.hex)""#), ok.stdout)

        let refused = try run(["--sec", ascii], stdin: mention.json, env: ["NOSTR_PASSWORD": "h\u{FC}nter2"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("nak-swift push-enrich"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("nter2"), "the password is never echoed")
    }

    /// The point of the lean binary: it loads no Foundation, and its Swift runtime is linked in (ldd lists
    /// what the loader would map).
    func testLeanBinaryLinksNoFoundation() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { throw XCTSkip("no ldd") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        p.arguments = [lean.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(text.contains("libsecp256k1"), text)
        XCTAssertFalse(text.contains("Foundation"), text)
        XCTAssertFalse(text.contains("libswiftCore"), text)
    }
}
