import Foundation
import Glibc
import NostrCore
import Relay
import XCTest

/// `nak-swift blossom` against `nak-swift serve --blossom DIR`, both as child processes.
final class BlossomCommandTests: XCTestCase {
    let sec = String(repeating: "0", count: 63) + "9"

    func testUploadDownloadListDeleteThroughServe() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blossom-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try ServeCommandTests.Server(["--blossom", dir + "/blobs"])
        defer { _ = server.stop() }
        let http = server.url.replacingOccurrences(of: "ws://", with: "http://")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let file = dir + "/note.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let sha = Hex.encode(SHA256.hash(bytes))

        let up = try CLIHarness.run(["blossom", "--server", http, "--sec", sec, "upload", file])
        XCTAssertEqual(up.status, 0, up.stderr)
        let descriptor = try BlobDescriptor(json: Array(up.stdout.utf8))
        XCTAssertEqual(descriptor.sha256, sha)
        XCTAssertEqual(descriptor.type, "text/plain")
        XCTAssertEqual(descriptor.url, "\(http)/\(sha).txt")

        let out = dir + "/copy"
        let down = try CLIHarness.run(["blossom", "--server", http, "download", sha, "-o", out])
        XCTAssertEqual(down.status, 0, down.stderr)
        XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), bytes)

        let list = try CLIHarness.run(["blossom", "--server", http, "--sec", sec, "list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.lines.count, 1)

        let del = try CLIHarness.run(["blossom", "--server", http, "--sec", sec, "delete", sha])
        XCTAssertEqual(del.status, 0, del.stderr)
        let gone = try CLIHarness.run(["blossom", "--server", http, "download", sha])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("404"), gone.stderr)
    }

    func testUploadWithoutKeySaysHowToGiveOne() throws {
        let r = try CLIHarness.run(["blossom", "--server", "127.0.0.1:1", "upload", "/etc/hostname"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--sec"), r.stderr)
        XCTAssertEqual(try CLIHarness.run(["blossom", "upload", "x"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["blossom", "--server", "h", "frobnicate"]).status, 2)
    }

    func testServerFromTheKind10063List() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("blossom-list-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try ServeCommandTests.Server(["--blossom", dir])
        let http = server.url.replacingOccurrences(of: "ws://", with: "http://")
        let key = try SecretKey(hex: sec)
        let list = try BlossomServerList(servers: [http]).unsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000).sign(with: key)
        let connection = RelayConnection(url: try RelayURL(server.url))
        let published = try await withDeadline(10) { try await connection.publish(list) }
        XCTAssertTrue(published.isSuccess)
        await connection.close()
        let file = dir + "-upload.txt"
        try Data("listed server".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let up = try await runCLI(["blossom", "-r", server.url, "--sec", sec, "upload", file])
        XCTAssertEqual(up.status, 0, up.stderr)
        XCTAssertTrue(up.stdout.contains(http), up.stdout)
        let none = try await runCLI(["blossom", "-r", server.url, "list", String(repeating: "0", count: 62) + "aa"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("kind 10063"), none.stderr)
        _ = server.stop()
    }
}
