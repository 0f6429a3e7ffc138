import NostrCore
import Relay

/// How `event` (and later `dm send`, `zap`, …) publishes: one pool for the whole run, one `OK`/error line per
/// relay on stderr (`publishing to ws://127.0.0.1:10547... success.`).
struct Publishing: Sendable {
    let relays: [RelayURL]
    let pool: RelayPool

    /// Parses `relays` (an invalid one throws `.invalidURL`: exit 4) before anything is signed or printed.
    init(relays: [String], io: IO, connectTimeout: Duration = .seconds(5)) throws(RelayError) {
        self.relays = try NetworkOptions.relays(relays)
        var o = RelayOptions()
        o.connectTimeout = connectTimeout
        o.reconnect = nil
        o.log = { line in if line.hasPrefix("NOTICE") { io.log(line) } else { io.verbose(line) } }
        pool = RelayPool(options: o)
    }

    /// Publishes `event` to every relay. `.ok` when one accepted it, `.noRelayReached` when none could be reached,
    /// `.itemFailed` when every relay that answered refused it.
    func publish(_ event: Event, io: IO) async -> ExitCode {
        let outcomes = await pool.publish(event, to: relays)
        for o in outcomes {
            switch o.result {
            case let .success(r) where r.isSuccess: io.log("publishing to \(o.relay)... success.")
            case let .success(r): io.error("publishing to \(o.relay)... failed: \(r)")
            case let .failure(e): io.error("publishing to \(o.relay)... failed: \(Self.reason(e))")
            }
        }
        if outcomes.contains(where: \.isSuccess) { return .ok }
        let unreachable = outcomes.allSatisfy { if case let .failure(e) = $0.result { e.isUnreachable } else { false } }
        return unreachable ? .noRelayReached : .itemFailed
    }

    /// Closes the connections.
    func close() async { await pool.close() }

    /// The error without the relay name the line already shows.
    static func reason(_ e: RelayError) -> String {
        switch e {
        case let .unreachable(_, reason): reason
        case let .connectTimeout(_, s): "no connection within \(s) s"
        case let .timeout(_, what, s): "no \(what) within \(s) s"
        default: "\(e)"
        }
    }
}
