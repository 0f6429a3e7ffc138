import Bunker
import Foundation
import NostrCore
import Relay
import Signer

/// `nostr-bench bunker`: NIP-46 `sign_event` round trips through a loopback `LocalRelay`: our `RemoteSigner`
/// → relay → `BunkerService` (policy, audit log write, signing) → relay → client, NIP-44 both ways.
enum BunkerBench: BenchCommand {
    static let name = "bunker"
    static let abstract = "NIP-46 sign_event round trips through a loopback relay: sequential p50/p99, concurrent per second"

    static func run(_ args: [String]) async throws -> Int32 {
        var sequential = 500, concurrent = 2_000, window = 32
        var i = 0
        while i + 1 < args.count {
            guard let n = Int(args[i + 1]), n > 0 else { break }
            switch args[i] {
            case "--count": sequential = n
            case "--concurrent": concurrent = n
            case "--window": window = n
            default: Bench.log("nostr-bench bunker: unknown option \(args[i])"); return 2
            }
            i += 2
        }
        let relay = try LocalRelay(storage: try EventStore())
        defer { Task { await relay.shutdown() } }
        let user = SecretKey.generate(), clientKey = SecretKey.generate()
        var config = BunkerConfiguration(relays: [relay.url])
        config.rateBurst = 1_000_000
        config.ratePerSecond = 1_000_000
        let service = try await BunkerService(userSigner: LocalSigner(user), remoteSignerKey: .generate(),
                                              store: try BunkerStore(try EventStore(), profile: "bench"), configuration: config)
        try service.authorize(clientKey.publicKey, permissions: try NIP46Permissions(parsing: "sign_event:1"))
        let runner = try BunkerRunner(service: service)
        try await runner.start()
        defer { runner.stop() }
        let signer = try RemoteSigner(session: RemoteSignerSession(clientKey: clientKey, remoteSignerPubkey: service.remoteSignerPubkey,
                                                                   userPubkey: user.publicKey, relays: [relay.url]), timeout: .seconds(10))
        try await signer.ping()

        func note(_ n: Int) -> UnsignedEvent {
            UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000 + Int64(n), kind: 1, content: "bench note \(n)")
        }
        Bench.log("\(sequential) sequential sign_event round trips…")
        var rtts: [Double] = []
        var t = ContinuousClock.now
        for n in 0..<sequential {
            let start = ContinuousClock.now
            _ = try await signer.sign(note(n))
            rtts.append(RelayBench.seconds(since: start) * 1000)
        }
        let sequentialRate = Double(sequential) / RelayBench.seconds(since: t)

        Bench.log("\(concurrent) sign_event with \(window) in flight…")
        t = ContinuousClock.now
        let signed = try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0, done = 0
            while next < min(window, concurrent) { let n = next; group.addTask { _ = try await signer.sign(note(n)); return 1 }; next += 1 }
            while let r = try await group.next() {
                done += r
                if next < concurrent { let n = next; group.addTask { _ = try await signer.sign(note(n)); return 1 }; next += 1 }
            }
            return done
        }
        let concurrentRate = Double(signed) / RelayBench.seconds(since: t)
        let audited = try service.store.auditLog(limit: 1_000_000).count

        let report: JSONValue = [
            "bench": "bunker",
            "cpus": .int(Int64(ProcessInfo.processInfo.activeProcessorCount)),
            "sequential": ["round_trips": .int(Int64(sequential)), "per_s": .double(sequentialRate.rounded()),
                           "rtt_p50_ms": .double(RelayBench.percentile(rtts, 0.5)), "rtt_p99_ms": .double(RelayBench.percentile(rtts, 0.99))],
            "concurrent": ["round_trips": .int(Int64(signed)), "window": .int(Int64(window)), "per_s": .double(concurrentRate.rounded())],
            "audit_entries": .int(Int64(audited)),
        ]
        print(report.serialized)
        return signed == concurrent ? 0 : 1
    }
}
