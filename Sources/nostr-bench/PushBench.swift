import Foundation
import NostrCore

/// `nostr-bench push [--profiles N] [--payloads N] [--runs N] [--stream-runs N] [--keep DIR]`: the push enricher against its budget.
/// Cold start: a spawned `nak-push-enrich` and `nak-swift push-enrich` each enrich one FCM gift-wrapped DM
/// with an N-profile cache (wall time from spawn to exit, peak RSS from the child's rusage; target < 20 ms
/// and < 24 MB). Streaming: `nak-push-enrich --stream` on N distinct gift-wrap payloads, payloads per
/// second of the child's CPU time (one process, one core; target ≥ 5,000), as a ratio to the bound the
/// payload's public-key crypto sets (`CostModel`, measured before and after each run), and the in-process rate.
enum PushBench: BenchCommand {
    static let name = "push"
    static let abstract = "push enricher: cold-process wall time and peak RSS, --stream payloads/s ([--profiles N] [--payloads N] [--runs N] [--stream-runs N] [--keep DIR])"

    static func run(_ args: [String]) async throws -> Int32 {
        func intArg(_ flag: String, _ fallback: Int) -> Int {
            guard let i = args.firstIndex(of: flag), i + 1 < args.count, let n = Int(args[i + 1]), n > 0 else { return fallback }
            return n
        }
        let profiles = intArg("--profiles", 10_000), payloads = intArg("--payloads", 5_000), runs = intArg("--runs", 15)
        let streamRuns = intArg("--stream-runs", 5)

        // --keep DIR leaves the fixtures behind for profiling: events.sqlite, payload.json, payloads.ndjson and
        // account.hex (a generated bench key), e.g. `valgrind --tool=callgrind nak-push-enrich --stream …`.
        let keep = args.firstIndex(of: "--keep").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
        let dir = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("nostr-bench-push-\(getpid())")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(at: dir.appendingPathComponent("events.sqlite" + suffix)) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: dir) } }

        Bench.log("push: a cache of \(profiles) profiles…")
        let account = SecretKey.generate()
        let server = SecretKey.generate()
        let senders = (0..<min(profiles, 100)).map { _ in SecretKey.generate() }
        let db = dir.appendingPathComponent("events.sqlite").path
        do {
            let store = try EventStore(path: db)
            var batch: [Event] = []
            for i in 0..<profiles {
                let key = i < senders.count ? senders[i] : SecretKey.generate()
                let meta = #"{"name":"user\#(i)","display_name":"User \#(i)","picture":"https://example.com/\#(i).png","about":"bench profile"}"#
                batch.append(try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000, kind: .metadata, content: meta).sign(with: key))
                if batch.count == 2_000 { _ = try store.save(batch, verified: true); batch.removeAll() }
            }
            _ = try store.save(batch, verified: true)
            try store.checkpoint()
        }

        Bench.log("push: \(payloads) FCM gift-wrap payloads…")
        var lines: [[UInt8]] = []
        var wraps: [Event] = []
        lines.reserveCapacity(payloads)
        for i in 0..<payloads {
            let sender = senders[i % senders.count]
            let rumor = NIP17.chatMessage(from: sender.publicKey, to: [account.publicKey], content: "are we still on for lunch? #\(i)",
                                          createdAt: Int64(time(nil)) - 5)
            let wrap = try await NIP59.giftWrap(rumor, to: account.publicKey, signer: LocalSigner(sender))
            if wraps.count < CostModel.sample { wraps.append(wrap) }
            let outer = try UnsignedEvent(pubkey: server.publicKey, createdAt: Int64(time(nil)), kind: .giftWrap,
                                          content: try NIP44.encrypt(wrap.json, from: server, to: account.publicKey)).sign(with: server)
            lines.append(Array(#"{"encryptedEvent":"#.utf8) + outer.jsonBytes + [0x7D])
        }
        let one = dir.appendingPathComponent("payload.json").path
        let many = dir.appendingPathComponent("payloads.ndjson").path
        _ = FileManager.default.createFile(atPath: one, contents: Data(lines[0]))
        _ = FileManager.default.createFile(atPath: many, contents: Data(lines.flatMap { $0 + [0x0A] }))
        if keep != nil {
            _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("account.hex").path, contents: Data(account.hex.utf8),
                                               attributes: [.posixPermissions: 0o600])
        }

        let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let lean = binDir + "/nak-push-enrich", full = binDir + "/nak-swift"
        var report: [String: JSONValue] = [
            "bench": "push", "profiles": .int(Int64(profiles)), "load_average_1m": .double(CoreBench.loadAverage()),
            "payload": "FCM encryptedEvent wrapping a NIP-17 gift-wrapped DM: 3 NIP-44 layers, 2 signatures checked (wrap, seal), 1 ECDH with a one-time key",
        ]
        var failed = false
        for (label, path, extra) in [("cold_lean", lean, [String]()), ("cold_nak_swift", full, ["push-enrich"])]
            where FileManager.default.isExecutableFile(atPath: path) {
            var walls: [Double] = [], rss: [Int] = []
            var notified = true
            for _ in 0..<runs {
                let r = try spawn(path, extra + ["--sec", account.hex, "--db", db], stdin: one)
                walls.append(r.wall)
                rss.append(r.maxRSSKB)
                notified = notified && r.status == 0 && r.stdout.contains(#""status":"notify""#) && r.stdout.contains("User ")
            }
            walls.sort()
            let median = walls[walls.count / 2]
            report[label] = [
                "binary": .string(path), "runs": .int(Int64(runs)), "notified_with_cached_name": .bool(notified),
                "wall_ms_min": .double(ms(walls[0])), "wall_ms_median": .double(ms(median)),
                "peak_rss_mb_max": .double(mb(rss.max() ?? 0)), "peak_rss_mb_min": .double(mb(rss.min() ?? 0)),
                "within_20ms_24mb": .bool(median < 0.020 && (rss.max() ?? .max) < 24 * 1024),
            ]
            failed = failed || !notified
        }
        var children = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        // Includes this process's own high-water mark (see `spawn`), so only an upper bound.
        report["rusage_children_maxrss_mb_upper_bound"] = .double(mb(children.ru_maxrss))
        report["peak_rss_source"] = .string(FileManager.default.isExecutableFile(atPath: timeTool)
            ? "/usr/bin/time %M (wait4 of a fork from a small image)" : "wait4 ru_maxrss (upper bound: includes this process)")

        // Streaming, against a cost model measured around each run: what one payload's public-key crypto
        // costs on one core right now (the machine is shared, so absolute rates drift with its load).
        if FileManager.default.isExecutableFile(atPath: lean) {
            Bench.log("push: streaming \(payloads) payloads through nak-push-enrich --stream, \(streamRuns) runs…")
            var rates: [Double] = [], ratios: [Double] = [], models: [CostModel] = []
            var last: Child?
            for _ in 0..<streamRuns {
                let before = try CostModel.measure(wraps: wraps, account: account)
                let r = try spawn(lean, ["--stream", "--sec", account.hex, "--db", db], stdin: many)
                let model = before.averaged(with: try CostModel.measure(wraps: wraps, account: account))
                let ok = r.stdout.split(separator: "\n").filter { $0.contains(#""status":"notify""#) }.count
                failed = failed || ok != payloads
                rates.append(Double(payloads) / r.cpu)
                ratios.append(Double(payloads) / r.cpu / model.boundPerSecond)
                models.append(model)
                last = r
            }
            let order = rates.indices.sorted { rates[$0] < rates[$1] }
            let mid = order[order.count / 2]
            report["stream_process"] = [
                "payloads": .int(Int64(payloads)), "runs": .int(Int64(streamRuns)),
                "payloads_per_cpu_s_median": .int(Int64(rates[mid])), "payloads_per_cpu_s_max": .int(Int64(rates.max() ?? 0)),
                "payloads_per_cpu_s_all": .array(rates.map { .int(Int64($0)) }),
                "ratio_to_cost_model_bound_median": .double(round3(ratios.sorted()[ratios.count / 2])),
                "ratio_to_cost_model_bound_all": .array(ratios.map { .double(round3($0)) }),
                "cost_model_of_median_run": models[mid].json,
                "peak_rss_mb": .double(mb(last?.maxRSSKB ?? 0)),
                "target_per_s": 5000,
            ]
        }

        // In process: the same payloads through one enricher, this process's CPU time.
        let store = try EventStore(path: db, readOnly: true)
        let enricher = PushEnricher(accounts: [account], cache: store)
        let start = cpuSeconds()
        var ok = 0
        for line in lines { if case .notify = await enricher.enrich(line) { ok += 1 } }
        let cpu = cpuSeconds() - start
        report["stream_in_process"] = ["payloads": .int(Int64(payloads)), "notified": .int(Int64(ok)),
                                       "payloads_per_cpu_s": .int(Int64(Double(payloads) / cpu)),
                                       "us_per_payload": .double((cpu / Double(payloads) * 1e7).rounded() / 10)]
        print(JSONValue.object(report).serialized)
        return failed ? 1 : 0
    }

    struct Child { let status: Int32; let stdout: String; let wall: Double; let cpu: Double; let maxRSSKB: Int }

    /// GNU time, when installed: it forks the measured binary from its own small image.
    static let timeTool = "/usr/bin/time"

    /// Spawns `path args` with stdin from a file and collects stdout, wall time, CPU time and peak RSS.
    ///
    /// Peak RSS needs care: a child spawned straight from this (large) process inherits its high-water
    /// mark, because Linux carries the pre-exec memory's `maxrss` over `exec`. So the binary is run
    /// under `/usr/bin/time -f %M`, whose fork starts from a ~2 MB image, and its figure is used; CPU and
    /// wall time come from our own `wait4` and clock (they include time's ~1 ms exec).
    static func spawn(_ path: String, _ args: [String], stdin: String) throws -> Child {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("push-bench-out-\(getpid())").path
        let rssPath = outPath + ".rss"
        defer { unlink(outPath); unlink(rssPath) }
        let useTime = FileManager.default.isExecutableFile(atPath: timeTool)
        let program = useTime ? timeTool : path
        let fullArgs = useTime ? ["-f", "%M", "-o", rssPath, path] + args : args
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + fullArgs).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] = ["PATH=/usr/bin:/bin", "HOME=/nonexistent"].map { (s: String) in strdup(s) } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        var t0 = timespec(), t1 = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t0)
        let rc = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard rc == 0 else { throw BenchError("posix_spawn \(program): errno \(rc)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        clock_gettime(CLOCK_MONOTONIC, &t1)
        let wall = Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let measured = (try? String(contentsOfFile: rssPath, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) }
        return Child(status: exitCode, stdout: out, wall: wall, cpu: cpu, maxRSSKB: measured ?? usage.ru_maxrss)
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    private static func ms(_ s: Double) -> Double { (s * 10_000).rounded() / 10 }
    private static func mb(_ kb: Int) -> Double { (Double(kb) / 102.4).rounded() / 10 }
    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
