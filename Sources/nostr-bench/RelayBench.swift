import Foundation
import Glibc
import NostrCore
import Relay
import Synchronization

/// `nostr-bench relay [--count N] [--publish N] [--connections N] [--window N]`: `LocalRelay` on loopback with the synthetic set.
/// Streams everything to a verifying client, publishes with OK (throughput and round trip), and measures the RSS of
/// a separate `serve` process holding idle connections.
enum RelayBench: BenchCommand {
    static let name = "relay"
    static let abstract = "serve on loopback: stream 100k with verification, publish rate and RTT, RSS of 1,000 idle connections"

    static func run(_ args: [String]) async throws -> Int32 {
        if args.first == "--serve-child" { return try await serveChild() }
        var count = 100_000, publishCount = 10_000, connections = 1_000, window = 256
        var i = 0
        while i + 1 < args.count {
            guard let n = Int(args[i + 1]), n > 0 else { break }
            switch args[i] {
            case "--count": count = n
            case "--publish": publishCount = n
            case "--connections": connections = n
            case "--window": window = n
            default: Bench.log("nostr-bench relay: unknown option \(args[i])"); return 2
            }
            i += 2
        }

        Bench.log("generating \(count) + \(publishCount) + 1000 synthetic signed events…")
        let lines = Synthetic.jsonLines(count: count, seed: 1)
        let toPublish = Synthetic.events(count: publishCount, seed: 2).map(\.jsonBytes)
        let forRTT = Synthetic.events(count: 1000, seed: 3).map(\.jsonBytes)

        // Verified ingest on all cores, the same work a client does with what it receives: parse, check, keep.
        let store = try EventStore(path: ":memory:")
        var t = ContinuousClock.now
        let summary = try store.importJSONL(lines: lines)
        let ingestRate = Double(lines.count) / seconds(since: t)
        Bench.log("ingest: \(summary) at \(Int(ingestRate))/s")
        let stored = try store.count([Filter()])

        var configuration = LocalRelay.Configuration()
        configuration.port = 0
        let relay = try LocalRelay(storage: store, configuration: configuration)
        defer { Task { await relay.shutdown() } }

        t = ContinuousClock.now
        let streamed = try await stream(from: relay.url)
        let streamRate = Double(streamed) / seconds(since: t)
        Bench.log("streamed at \(Int(streamRate))/s")
        Bench.log("streamed \(streamed) of \(stored) stored events")

        t = ContinuousClock.now
        let published = try await publishPipelined(toPublish, to: relay.url, window: window)
        let publishRate = Double(published) / seconds(since: t)
        Bench.log("published \(published) at \(Int(publishRate))/s")

        let rtts = try await roundTrips(forRTT, to: relay.url)
        let (idleBaseline, idleLoaded) = try await idleMemory(connections: connections)

        let ratio = streamRate / ingestRate
        let report: JSONValue = [
            "bench": "relay",
            "cpus": .int(Int64(ProcessInfo.processInfo.activeProcessorCount)),
            "events": .int(Int64(lines.count)),
            "stored": .int(Int64(stored)),
            "verified_ingest_per_s": .double(ingestRate.rounded()),
            "stream": ["events": .int(Int64(streamed)), "verified_per_s": .double(streamRate.rounded()),
                       "ratio_to_verified_ingest": .double((ratio * 1000).rounded() / 1000), "target": 0.8],
            "publish": ["events": .int(Int64(published)), "ok_per_s": .double(publishRate.rounded()), "window": .int(Int64(window)),
                        "rtt_p50_ms": .double(percentile(rtts, 0.5)), "rtt_p99_ms": .double(percentile(rtts, 0.99))],
            "idle_connections": ["connections": .int(Int64(connections)), "rss_before_kb": .int(Int64(idleBaseline)),
                                 "rss_after_kb": .int(Int64(idleLoaded)), "rss_delta_kb": .int(Int64(idleLoaded - idleBaseline)),
                                 "per_connection_kb": .double((Double(idleLoaded - idleBaseline) / Double(connections) * 10).rounded() / 10)],
        ]
        print(report.serialized)
        return streamed == stored && published == toPublish.count ? 0 : 1
    }

    /// Pages through everything (newest first, `until` the oldest seen) and verifies each page on all cores while
    /// the relay already answers the next REQ. Returns how many distinct valid events arrived.
    static func stream(from url: String) async throws -> Int {
        let ws = try await POSIXWebSocketTransport().connect(url: url)
        var messages = ws.messages.makeAsyncIterator()
        var seen = Set<EventID>()
        var verifying: Task<Int, Never>?
        var valid = 0
        var until: Int64?
        while true {
            try await ws.send(text: ClientMessage.req(subscriptionID: "page", filters: [Filter(until: until, limit: 5000)]).json)
            var events: [Event] = []
            loop: while true {
                guard case let .text(text)? = try await messages.next() else { throw BenchError.relayClosed }
                switch try RelayMessage(json: text) {
                case let .event(_, e): events.append(e)
                case .eose: break loop
                case let .closed(_, reason): throw BenchError.refused(reason)
                default: continue
                }
            }
            let fresh = events.filter { seen.insert($0.id).inserted }
            if let v = verifying { valid += await v.value }
            if fresh.isEmpty { break }
            until = fresh.map(\.createdAt).min()
            verifying = Task.detached { BatchVerifier.verify(fresh).reduce(0) { $1 == nil ? $0 + 1 : $0 } }
            // The next REQ (same id, so it replaces this one) goes out while this page is verified.
        }
        await ws.close()
        return valid
    }

    /// Publishes with up to `window` EVENTs awaiting their OK; returns how many were accepted.
    static func publishPipelined(_ lines: [[UInt8]], to url: String, window: Int) async throws -> Int {
        let ws = try await POSIXWebSocketTransport().connect(url: url)
        var messages = ws.messages.makeAsyncIterator()
        var sent = 0, answered = 0, accepted = 0
        while answered < lines.count {
            while sent < lines.count, sent - answered < window {
                try await ws.send(text: "[\"EVENT\",\(String(decoding: lines[sent], as: UTF8.self))]")
                sent += 1
            }
            guard case let .text(text)? = try await messages.next() else { throw BenchError.relayClosed }
            if case let .ok(_, ok, _) = try RelayMessage(json: text) {
                answered += 1
                if ok { accepted += 1 }
            }
        }
        await ws.close()
        return accepted
    }

    /// One EVENT at a time, timing each until its OK; milliseconds.
    static func roundTrips(_ lines: [[UInt8]], to url: String) async throws -> [Double] {
        let ws = try await POSIXWebSocketTransport().connect(url: url)
        var messages = ws.messages.makeAsyncIterator()
        var out: [Double] = []
        for line in lines {
            let t = ContinuousClock.now
            try await ws.send(text: "[\"EVENT\",\(String(decoding: line, as: UTF8.self))]")
            while true {
                guard case let .text(text)? = try await messages.next() else { throw BenchError.relayClosed }
                if case .ok = try RelayMessage(json: text) { break }
            }
            out.append(seconds(since: t) * 1000)
        }
        await ws.close()
        return out
    }

    /// Starts a relay in a child process, opens `connections` idle WebSockets to it, and reads its RSS (KiB)
    /// before and after.
    static func idleMemory(connections: Int) async throws -> (Int, Int) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try selfPath())
        child.arguments = ["relay", "--serve-child"]
        let out = Pipe(), input = Pipe()
        child.standardOutput = out
        child.standardInput = input
        try child.run()
        defer {
            try? input.fileHandleForWriting.close()
            child.waitUntilExit()
        }
        var line = ""
        while !line.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError.childFailed }
            line += String(decoding: chunk, as: UTF8.self)
        }
        let url = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let before = rssKB(pid: child.processIdentifier)
        var open: [any WebSocketConnection] = []
        open.reserveCapacity(connections)
        for _ in 0 ..< connections { open.append(try await POSIXWebSocketTransport().connect(url: url)) }
        // A round trip on the last one: every earlier upgrade has been handled by then.
        if let last = open.last {
            var m = last.messages.makeAsyncIterator()
            try await last.send(text: #"["COUNT","c",{}]"#)
            _ = try await m.next()
        }
        let after = rssKB(pid: child.processIdentifier)
        for ws in open { await ws.close() }
        return (before, after)
    }

    /// The child: a relay on an in-memory store that prints its URL and runs until stdin closes.
    static func serveChild() async throws -> Int32 {
        let relay = try LocalRelay(storage: try EventStore(path: ":memory:"))
        FileHandle.standardOutput.write(Data((relay.url + "\n").utf8))
        while let chunk = try? FileHandle.standardInput.read(upToCount: 1), !chunk.isEmpty {}
        await relay.shutdown()
        return 0
    }

    static func selfPath() throws -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { throw BenchError.childFailed }
        return String(decoding: buf[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func rssKB(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for l in status.split(separator: "\n") where l.hasPrefix("VmRSS:") {
            return Int(l.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let v = sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        return (v * 1000).rounded() / 1000
    }

    static func seconds(since t: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - t
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    enum BenchError: Error, CustomStringConvertible {
        case relayClosed, childFailed
        case refused(String)
        var description: String {
            switch self {
            case .relayClosed: "the relay closed the connection"
            case .childFailed: "the serve child process did not start"
            case let .refused(r): "the relay refused the REQ: \(r)"
            }
        }
    }
}
