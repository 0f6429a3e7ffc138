import Dispatch
import Foundation
import Glibc
import NostrCore

/// `nostr-bench query [--count N]`: query latency (p50/p99) on a file-backed index of N synthetic
/// events: an author's notes, mentions of a pubkey, a thread by `#e`, and profiles of 500 authors.
enum QueryBench: BenchCommand {
    static let name = "query"
    static let abstract = "index query latency p50/p99: author+kinds, #p, #e thread, kind 0 × 500 authors ([--count N] [--db PATH])"

    static func run(_ args: [String]) async throws -> Int32 {
        var count = 100_000
        if let i = args.firstIndex(of: "--count"), i + 1 < args.count, let n = Int(args[i + 1]), n > 0 { count = n }
        // --db PATH keeps the index for a look with sqlite3 afterwards (it must not exist yet).
        let keep = args.firstIndex(of: "--db").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nostr-bench-query-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        Bench.log("generating \(count) synthetic signed events…")
        let events = Synthetic.events(count: count)
        let store = try EventStore(path: keep ?? dir.appendingPathComponent("q.sqlite").path)
        Bench.log("indexing…")
        var start = 0
        while start < events.count {
            let end = min(events.count, start + 10_000)
            _ = try store.save(Array(events[start..<end]), verified: true)
            start = end
        }
        let authors = Array(Set(events.map(\.pubkey))).sorted()
        let mentioned = Array(Set(events.filter { $0.kind == .textNote }.flatMap { $0.tagValues("p") })).sorted()
        let roots = Array(Set(events.flatMap { $0.tagValues("e") })).sorted()
        let stored = try store.count([Filter()])

        var rng = SplitMix64(seed: 42)
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        var cases: [(String, Int, () -> Filter)] = []
        cases.append(("author_kinds_limit50", 2_000, { Filter(authors: [pick(authors)], kinds: [1, 6], limit: 50) }))
        // Any kind: in this set about half the hits are contact lists of ~36 KB each.
        cases.append(("p_tag_limit50", 2_000, { Filter(tags: ["p": [pick(mentioned)]], limit: 50) }))
        cases.append(("p_tag_kinds_1_6_7_limit50", 2_000, { Filter(kinds: [1, 6, 7], tags: ["p": [pick(mentioned)]], limit: 50) }))
        cases.append(("e_thread", 2_000, { Filter(kinds: [1, 7], tags: ["e": [pick(roots)]]) }))
        cases.append(("kind0_500_authors", 200, {
            Filter(authors: (0..<500).map { _ in pick(authors) }, kinds: [0])
        }))

        var results: [JSONValue] = []
        for (name, n, make) in cases {
            let filters = (0..<n).map { _ in make() }
            _ = try store.queryRaw([filters[0]])   // warm the statement cache
            var micros: [Double] = [], cpuMicros: [Double] = []
            micros.reserveCapacity(n)
            cpuMicros.reserveCapacity(n)
            var returned = 0
            for f in filters {
                let c = threadCPUNanos()
                let t = DispatchTime.now().uptimeNanoseconds
                returned += try store.queryRaw([f]).count
                micros.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1_000)
                cpuMicros.append(Double(threadCPUNanos() - c) / 1_000)
            }
            micros.sort()
            cpuMicros.sort()
            func ms(_ a: [Double], _ q: Int) -> JSONValue { .double((a[min(a.count - 1, a.count * q / 100)] / 10).rounded() / 100) }
            Bench.log("\(name): p50 \(ms(micros, 50)) ms, p99 \(ms(micros, 99)) ms (CPU p50 \(ms(cpuMicros, 50)) ms)")
            results.append([
                "query": .string(name), "runs": .int(Int64(n)),
                "p50_ms": ms(micros, 50), "p99_ms": ms(micros, 99),
                // CPU time of the querying thread: what the query costs when the machine is shared.
                "p50_cpu_ms": ms(cpuMicros, 50), "p99_cpu_ms": ms(cpuMicros, 99),
                "mean_events": .double((Double(returned) / Double(n) * 10).rounded() / 10),
            ])
        }
        let report: JSONValue = ["bench": "query", "events": .int(Int64(count)), "stored": .int(Int64(stored)),
                                 "target_p50_ms": 0.5, "results": .array(results)]
        print(report.serialized)
        return 0
    }

    private static func threadCPUNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
