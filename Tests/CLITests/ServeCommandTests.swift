import XCTest
import Foundation
import Glibc
import NostrCore
import Relay

/// `nak-swift serve` as a child process, as a user or the demo script runs it.
final class ServeCommandTests: XCTestCase {
    /// A running `nak-swift serve` and the URL from its "relay running at" line.
    final class Server {
        let process = Process()
        let url: String
        private let stderr = Pipe()

        init(_ args: [String]) throws {
            process.executableURL = CLIHarness.binary
            process.arguments = ["serve", "--port", "0"] + args
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
            process.standardError = stderr
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Blocking reads of the pipe; the test's deadline guards against a server that never says it is up.
            var text = ""
            let reader = stderr.fileHandleForReading
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            let line = text.split(separator: "\n").first.map(String.init) ?? text
            guard let range = line.range(of: "relay running at ") else {
                process.terminate()
                throw ServeFailed(output: text)
            }
            url = String(line[range.upperBound...])
        }

        /// Sends `signal` and returns the exit status.
        func stop(_ signal: Int32 = SIGTERM) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    struct ServeFailed: Error { let output: String }

    private func key() throws -> SecretKey { try SecretKey(hex: String(repeating: "0", count: 63) + "7") }

    func testServeStartsOnAFreePortRelaysAndStopsOnSIGTERM() async throws {
        let server = try Server([])
        XCTAssertTrue(server.url.hasPrefix("ws://127.0.0.1:"), server.url)
        XCTAssertFalse(server.url.hasSuffix(":0"), server.url)
        let note = try UnsignedEvent(pubkey: try key().publicKey, createdAt: 1_700_000_000, kind: 1, content: "hello serve").sign(with: try key())
        let url = server.url
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: url)
            var messages = ws.messages.makeAsyncIterator()
            try await ws.send(text: ClientMessage.event(note).json)
            guard case let .text(ok)? = try await messages.next() else { return XCTFail("no OK") }
            XCTAssertEqual(try RelayMessage(json: ok), .ok(eventID: note.id, accepted: true, message: ""))
            try await ws.send(text: ClientMessage.req(subscriptionID: "s", filters: [Filter(kinds: [1])]).json)
            guard case let .text(event)? = try await messages.next() else { return XCTFail("no EVENT") }
            XCTAssertEqual(try RelayMessage(json: event), .event(subscriptionID: "s", event: note))
            await ws.close()
        }
        XCTAssertEqual(server.stop(SIGTERM), 0)
    }

    func testDatabasePersistsAcrossRestarts() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("relay.sqlite").path
        let note = try UnsignedEvent(pubkey: try key().publicKey, createdAt: 1_700_000_000, kind: 1, content: "kept").sign(with: try key())

        let first = try Server(["--db", db])
        let firstURL = first.url
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: firstURL)
            var messages = ws.messages.makeAsyncIterator()
            try await ws.send(text: ClientMessage.event(note).json)
            _ = try await messages.next()
            await ws.close()
        }
        XCTAssertEqual(first.stop(SIGINT), 0)

        let second = try Server(["--db", db])
        let secondURL = second.url
        try await within(10) {
            let ws = try await POSIXWebSocketTransport().connect(url: secondURL)
            var messages = ws.messages.makeAsyncIterator()
            try await ws.send(text: ClientMessage.req(subscriptionID: "s", filters: [Filter(ids: [note.id])]).json)
            guard case let .text(event)? = try await messages.next() else { return XCTFail("no EVENT") }
            XCTAssertEqual(try RelayMessage(json: event), .event(subscriptionID: "s", event: note))
            await ws.close()
        }
        XCTAssertEqual(second.stop(), 0)
    }

    func testBadPortIsAUsageError() throws {
        let r = try CLIHarness.run(["serve", "--port", "99999"])
        XCTAssertEqual(r.status, 2, r.stderr)
    }
}

/// Runs `body`, failing if it takes longer than `seconds`; a guard against hangs, not a wait.
private func within(_ seconds: Double, _ what: String = #function, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask { try await body(); return true }
        group.addTask { try await Task.sleep(for: .seconds(seconds)); return false }
        let finished = try await group.next() ?? false
        group.cancelAll()
        if !finished { throw ServeCommandTests.ServeFailed(output: "deadline exceeded: \(what)") }
    }
}
