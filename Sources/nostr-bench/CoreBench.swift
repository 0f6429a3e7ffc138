import CSecp256k1
import Dispatch
import Foundation
import NostrCore
import Synchronization

/// `nostr-bench core [FILE.jsonl] [--count N]`: event parse, id, parse+id, full check and raw
/// libsecp256k1 verify on the corpus file (when given) and on a synthetic set, one core and all cores.
enum CoreBench: BenchCommand {
    static let name = "core"
    static let abstract = "event parse / id / verify rates vs raw libsecp256k1 verify ([FILE.jsonl] [--count N])"

    static func run(_ args: [String]) async throws -> Int32 {
        var file: String?
        var count = 20_000
        var parseOnly = false
        var i = 0
        while i < args.count {
            if args[i] == "--count", i + 1 < args.count, let n = Int(args[i + 1]), n > 0 {
                count = n
                i += 2
            } else if args[i] == "--parse-only" {
                parseOnly = true
                i += 1
            } else {
                file = args[i]
                i += 1
            }
        }
        if file == nil, FileManager.default.fileExists(atPath: "corpora/events/events.jsonl") {
            file = "corpora/events/events.jsonl"
        }
        var datasets: [JSONValue] = []
        var failed = false
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                Bench.log("nostr-bench core: cannot read \(file)")
                return 1
            }
            let lines = [UInt8](data).split(separator: 0x0A).map { Array($0) }.filter { !$0.isEmpty }
            if parseOnly { return parseLoop(lines) }
            let (result, ok) = measure(name: file, lines: lines)
            datasets.append(result)
            failed = failed || !ok
        }
        Bench.log("generating \(count) synthetic signed events…")
        let synthetic = Synthetic.jsonLines(count: count)
        let (result, ok) = measure(name: "synthetic-\(count)", lines: synthetic)
        datasets.append(result)
        failed = failed || !ok
        let report: JSONValue = ["bench": "core", "cpus": .int(Int64(ProcessInfo.processInfo.activeProcessorCount)),
                                 "load_average_1m": .double(round3(loadAverage())),
                                 "one_core_timing": "thread CPU time", "all_cores_timing": "wall clock",
                                 "datasets": .array(datasets)]
        print(report.serialized)
        return failed ? 1 : 0
    }

    /// One dataset: everything prepared up front, then each operation timed best-of-N.
    static func measure(name: String, lines: [[UInt8]]) -> (JSONValue, Bool) {
        Bench.log("measuring \(name): \(lines.count) events")
        let events = lines.compactMap { try? Event(json: $0) }
        let n = events.count
        let bytes = lines.reduce(0) { $0 + $1.count }
        // Raw inputs for libsecp256k1: message, signature and both key forms per event.
        let msgs = events.map(\.id.bytes), sigs = events.map(\.sig), keyBytes = events.map(\.pubkey.bytes)
        let parsedKeys: [secp256k1_xonly_pubkey] = keyBytes.map { kb in
            var k = secp256k1_xonly_pubkey()
            _ = secp256k1_xonly_pubkey_parse(CSecp256k1_context_static(), &k, kb)
            return k
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount

        func rates(threads: Int) -> (JSONValue, Bool) {
            let parse = best(3, n, threads) { r in
                var ok = 0
                for i in r where (try? Event(json: lines[i])) != nil { ok += 1 }
                return ok
            }
            let id = best(3, n, threads) { r in
                var ok = 0
                for i in r where (try? events[i].verifyID()) != nil { ok += 1 }
                return ok
            }
            let parseID = best(3, n, threads) { r in
                var ok = 0
                for i in r {
                    guard let e = try? Event(json: lines[i]), (try? e.verifyID()) != nil else { continue }
                    ok += 1
                }
                return ok
            }
            // Alternate the three verify loops so load from elsewhere hits them alike.
            var full = (rate: 0.0, ok: 0), raw = (rate: 0.0, ok: 0), rawParsed = (rate: 0.0, ok: 0)
            for _ in 0..<2 {
                let f = best(1, n, threads) { r in
                    var keys: [PublicKey: ParsedPublicKey] = [:]
                    var ok = 0
                    for i in r {
                        guard let e = try? Event(json: lines[i]) else { continue }
                        let key: ParsedPublicKey
                        if let k = keys[e.pubkey] { key = k } else {
                            guard let k = try? ParsedPublicKey(e.pubkey) else { continue }
                            keys[e.pubkey] = k
                            key = k
                        }
                        if (try? e.verify(using: key)) != nil { ok += 1 }
                    }
                    return ok
                }
                let w = best(1, n, threads) { r in
                    var ok = 0
                    for i in r {
                        var k = secp256k1_xonly_pubkey()
                        guard secp256k1_xonly_pubkey_parse(CSecp256k1_context_static(), &k, keyBytes[i]) == 1 else { continue }
                        if secp256k1_schnorrsig_verify(CSecp256k1_context_static(), sigs[i], msgs[i], 32, &k) == 1 { ok += 1 }
                    }
                    return ok
                }
                let p = best(1, n, threads) { r in
                    var ok = 0
                    for i in r {
                        var k = parsedKeys[i]
                        if secp256k1_schnorrsig_verify(CSecp256k1_context_static(), sigs[i], msgs[i], 32, &k) == 1 { ok += 1 }
                    }
                    return ok
                }
                if f.rate > full.rate { full = f }
                if w.rate > raw.rate { raw = w }
                if p.rate > rawParsed.rate { rawParsed = p }
            }
            let allOK = [parse.ok, id.ok, parseID.ok, full.ok, raw.ok, rawParsed.ok].allSatisfy { $0 == n }
            let v: JSONValue = [
                "threads": .int(Int64(threads)),
                "parse_per_s": .int(Int64(parse.rate)),
                "id_per_s": .int(Int64(id.rate)),
                "parse_id_per_s": .int(Int64(parse.rate == 0 ? 0 : parseID.rate)),
                "check_per_s": .int(Int64(full.rate)),
                "raw_verify_per_s": .int(Int64(raw.rate)),
                "raw_verify_preparsed_key_per_s": .int(Int64(rawParsed.rate)),
                "check_vs_raw_verify": .double(round3(full.rate / raw.rate)),
                "check_vs_raw_verify_preparsed_key": .double(round3(full.rate / rawParsed.rate)),
                "parse_id_vs_raw_verify": .double(round3(parseID.rate / raw.rate)),
                "all_events_ok": .bool(allOK),
            ]
            return (v, allOK)
        }

        let (one, ok1) = rates(threads: 1)
        let (all, ok2) = rates(threads: cores)
        let result: JSONValue = [
            "dataset": .string(name), "events": .int(Int64(n)), "unparsable": .int(Int64(lines.count - n)),
            "mean_bytes": .int(Int64(n == 0 ? 0 : bytes / n)), "one_core": one, "all_cores": all,
        ]
        return (result, ok1 && ok2 && n == lines.count)
    }

    /// `--parse-only`: parse+id in a loop for profiling, one line of rates on stdout.
    static func parseLoop(_ lines: [[UInt8]]) -> Int32 {
        let n = lines.count
        let parse = best(20, n, 1) { r in
            var ok = 0
            for i in r where (try? Event(json: lines[i])) != nil { ok += 1 }
            return ok
        }
        let parseID = best(20, n, 1) { r in
            var ok = 0
            for i in r {
                guard let e = try? Event(json: lines[i]), (try? e.verifyID()) != nil else { continue }
                ok += 1
            }
            return ok
        }
        print(#"{"parse_per_s":\#(Int(parse.rate)),"parse_id_per_s":\#(Int(parseID.rate))}"#)
        return parse.ok == n && parseID.ok == n ? 0 : 1
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The 1-minute load average, to judge how far wall-clock figures can be trusted.
    static func loadAverage() -> Double {
        var l = [0.0, 0.0, 0.0]
        return getloadavg(&l, 3) > 0 ? l[0] : -1
    }

    private static func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// The best events/s over `repeats` runs of `body` split over `threads` contiguous chunks;
    /// `ok` is how many items the body counted as good in the last run.
    static func best(_ repeats: Int, _ n: Int, _ threads: Int, _ body: @escaping @Sendable (Range<Int>) -> Int) -> (rate: Double, ok: Int) {
        var bestRate = 0.0
        var lastOK = 0
        for _ in 0..<repeats {
            let okCount = Counter(0)
            let start = DispatchTime.now().uptimeNanoseconds
            if threads <= 1 {
                // One core: this thread's CPU time, so other processes on a shared machine do not count.
                let cpu0 = threadCPUNanoseconds()
                okCount.store(body(0..<n))
                let seconds = Double(threadCPUNanoseconds() - cpu0) / 1e9
                bestRate = max(bestRate, Double(n) / seconds)
                lastOK = okCount.load()
                continue
            } else {
                let chunk = (n + threads - 1) / threads
                DispatchQueue.concurrentPerform(iterations: threads) { t in
                    let r = (t * chunk)..<min(n, (t + 1) * chunk)
                    if !r.isEmpty { okCount.add(body(r)) }
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            bestRate = max(bestRate, Double(n) / seconds)
            lastOK = okCount.load()
        }
        return (bestRate, lastOK)
    }
}

/// A counter the benchmark threads add their results to.
final class Counter: Sendable {
    private let value: Atomic<Int>
    init(_ v: Int) { value = .init(v) }
    func store(_ v: Int) { value.store(v, ordering: .relaxed) }
    func add(_ v: Int) { value.add(v, ordering: .relaxed) }
    func load() -> Int { value.load(ordering: .relaxed) }
}
