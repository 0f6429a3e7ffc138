import Bunker
import NostrCore
import Signer

/// `bunker clients`: the paired clients of a profile as JSONL, `--revoke PUBKEY` to remove one, `--audit`
/// for the audit log.
struct BunkerClientsCommand: Sendable {
    let profile: String
    let database: DatabaseOptions
    let revoke: [String]
    let audit: Bool
    let limit: Int

    init(_ args: inout Arguments) throws(UsageError) {
        profile = try args.option("--profile") ?? "default"
        database = try DatabaseOptions(&args)
        revoke = try args.options("--revoke")
        audit = try args.flag("--audit")
        limit = try args.option("--limit", as: Int.self) ?? 100
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let store = try BunkerStore(try database.open(io.environment), profile: profile)
        if !revoke.isEmpty {
            var failed = false
            for r in revoke {
                let key = try ParsedInput.publicKey(r, flag: "--revoke")
                if try store.revoke(key) { io.log("revoked \(key.hex)") } else { io.itemFailed("\(key.hex) is not a paired client of profile \(profile)"); failed = true }
            }
            return failed ? .itemFailed : .ok
        }
        if audit {
            for e in try store.auditLog(limit: limit) {
                var o: [String: JSONValue] = ["at": .int(e.at), "client": .string(e.client.hex), "method": .string(e.method),
                                              "decision": .string(e.decision)]
                if let k = e.kind { o["kind"] = .int(Int64(k)) }
                io.print(JSONValue.object(o).serialized)
            }
            return .ok
        }
        for s in try store.sessions() {
            var o: [String: JSONValue] = ["client": .string(s.client.hex), "permissions": .string(s.permissions.description),
                                          "paired_at": .int(s.pairedAt), "last_seen": .int(s.lastSeen), "via": .string(s.via)]
            if let n = s.metadata.name { o["name"] = .string(n) }
            if let u = s.metadata.url { o["url"] = .string(u) }
            if let i = s.metadata.image { o["image"] = .string(i) }
            io.print(JSONValue.object(o).serialized)
        }
        return .ok
    }
}
