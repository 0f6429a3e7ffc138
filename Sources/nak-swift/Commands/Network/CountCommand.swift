import NostrCore
import Relay

/// `count`: NIP-45 counts from relays, one JSON line per relay.
struct CountCommand: Command {
    static let name = "count"
    static let abstract = "Ask relays how many events match a filter (NIP-45)."
    static let usage = """
        usage: nak-swift count [filter flags] RELAY…

        \(FilterOptions.help)
        \(NetworkOptions.help)

        Prints {"relay":URL,"count":N} per relay that answered; a relay that did not is named on stderr.

        example:
          nak-swift count -k 1 -a $PUBKEY relay.damus.io nos.lol
        """

    let filter: FilterOptions
    let network: NetworkOptions
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        filter = try FilterOptions(&args)
        network = try NetworkOptions(&args)
        relays = args.remainingPositionals()
        try args.expectEnd()
        if relays.isEmpty { throw .missingArgument("RELAY") }
    }

    func run(_ io: IO) async throws -> ExitCode {
        let urls = try NetworkOptions.relays(relays)
        let pool = RelayPool(options: network.relayOptions(io))
        let counts = await pool.count([filter.filter], on: urls)
        await pool.close()
        var answered = 0
        var unreachable = 0
        for (relay, result) in counts {
            switch result {
            case let .success(n):
                answered += 1
                io.print("{\"relay\":\(JSONValue.string(relay.string).serialized),\"count\":\(n)}")
            case let .failure(e):
                if e.isUnreachable { unreachable += 1 }
                io.error("\(relay): \(ReqCommand.describe(e))")
            }
        }
        if answered > 0 { return .ok }
        return unreachable == counts.count ? .noRelayReached : .failure
    }
}
