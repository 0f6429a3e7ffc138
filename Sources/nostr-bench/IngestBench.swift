import CSecp256k1
import Dispatch
import Foundation
import Glibc
import NostrCore

/// `nostr-bench ingest [FILE.jsonl] [--count N]`: verified bulk import into a fresh file-backed
/// index (WAL), as events/s and as a ratio of raw all-core libsecp256k1 verify of the same events,
/// with the importing process's peak RSS. Each import runs in a child process so its RSS is its own.
enum IngestBench: BenchCommand {
    static let name = "ingest"
    static let abstract = "verified JSONL import into the index: events/s, ratio to raw verify, peak RSS ([FILE.jsonl] [--count N] [--write-synthetic PATH])"

    static func run(_ args: [String]) async throws -> Int32 {
        if args.first == "--child", args.count == 3 { return try child(file: args[1], db: args[2]) }
        var file: String?
        var count = 100_000
        var writeOnly: String?
        var i = 0
        while i < args.count {
            if args[i] == "--count", i + 1 < args.count, let n = Int(args[i + 1]), n > 0 {
                count = n
                i += 2
            } else if args[i] == "--write-synthetic", i + 1 < args.count {
                // Only write the synthetic JSONL (e.g. to try `nak-swift import` on it).
                writeOnly = args[i + 1]
                i += 2
            } else {
                file = args[i]
                i += 1
            }
        }
        if file == nil, FileManager.default.fileExists(atPath: "corpora/events/events.jsonl") {
            file = "corpora/events/events.jsonl"
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nostr-bench-ingest-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        var datasets: [(String, String)] = []
        if let file { datasets.append((file, file)) }
        Bench.log("generating \(count) synthetic signed events…")
        let synthetic = writeOnly ?? dir.appendingPathComponent("synthetic.jsonl").path
        var bytes: [UInt8] = []
        for line in Synthetic.jsonLines(count: count) { bytes += line; bytes.append(0x0A) }
        _ = FileManager.default.createFile(atPath: synthetic, contents: Data(bytes))
        bytes = []
        if writeOnly != nil { return 0 }
        datasets.append(("synthetic-\(count)", synthetic))

        var results: [JSONValue] = []
        var failed = false
        for (name, path) in datasets {
            Bench.log("ingesting \(name)…")
            let db = dir.appendingPathComponent("\(results.count).sqlite").path
            guard var r = try runChild(file: path, db: db) else { failed = true; continue }
            let raw = rawVerifyRate(path)
            let rate = r["events_per_s"]?.doubleValue ?? 0
            var o = r.objectValue ?? [:]
            o["dataset"] = .string(name)
            o["raw_verify_all_cores_per_s"] = .int(Int64(raw))
            o["ratio_to_raw_verify"] = .double((rate / max(raw, 1) * 1000).rounded() / 1000)
            o["target_ratio"] = 0.40
            o["target_peak_rss_mb"] = 200
            r = .object(o)
            results.append(r)
        }
        let report: JSONValue = ["bench": "ingest", "cpus": .int(Int64(EventStore.cores)), "datasets": .array(results)]
        print(report.serialized)
        return failed ? 1 : 0
    }

    /// Runs the import in a fresh process and returns its JSON line.
    private static func runChild(file: String, db: String) throws -> JSONValue? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["ingest", "--child", file, db]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let v = try? JSONValue.parse(Array(data)) else {
            Bench.log("nostr-bench ingest: child failed (status \(p.terminationStatus))")
            return nil
        }
        return v
    }

    /// The child: import `file` into a new index at `db`, print rate, summary and peak RSS.
    private static func child(file: String, db: String) throws -> Int32 {
        let store = try EventStore(path: db)
        let start = DispatchTime.now().uptimeNanoseconds
        let summary = try store.importJSONL(paths: [file])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let size = (try? FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) ?? 0
        let v: JSONValue = [
            "lines": .int(Int64(summary.lines)), "stored": .int(Int64(summary.stored)),
            "replaced": .int(Int64(summary.replaced)), "superseded": .int(Int64(summary.superseded)),
            "duplicates": .int(Int64(summary.duplicates)),
            "rejected": .int(Int64(summary.rejectedTotal)), "unparsable": .int(Int64(summary.unparsable)),
            "seconds": .double((seconds * 1000).rounded() / 1000),
            "events_per_s": .int(Int64(Double(summary.lines) / seconds)),
            "peak_rss_mb": .int(Int64(peakRSSKiB() / 1024)),
            "db_mb": .int(Int64(size / 1_048_576)),
        ]
        print(v.serialized)
        return 0
    }

    /// This process's peak RSS. VmHWM rather than getrusage: Linux carries `ru_maxrss` across
    /// fork+exec, so a child would report its parent's peak (the synthetic set in memory).
    static func peakRSSKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_maxrss
        }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Raw libsecp256k1 verify of every event in `path` on all cores (keys parsed per event, as a relay would).
    private static func rawVerifyRate(_ path: String) -> Double {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        let events = [UInt8](data).split(separator: 0x0A).compactMap { try? Event(json: $0) }
        let msgs = events.map(\.id.bytes), sigs = events.map(\.sig), keys = events.map(\.pubkey.bytes)
        return CoreBench.best(2, events.count, EventStore.cores) { r in
            var ok = 0
            for i in r {
                var k = secp256k1_xonly_pubkey()
                guard secp256k1_xonly_pubkey_parse(CSecp256k1_context_static(), &k, keys[i]) == 1 else { continue }
                if secp256k1_schnorrsig_verify(CSecp256k1_context_static(), sigs[i], msgs[i], 32, &k) == 1 { ok += 1 }
            }
            return ok
        }.rate
    }
}
