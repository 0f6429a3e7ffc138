import NostrCore
import Relay

/// `req`: query relays with a filter and print the events as JSONL.
struct ReqCommand: Command {
    static let name = "req"
    static let abstract = "Query relays (or the local index) and print matching events as JSONL."
    static let usage = """
        usage: nak-swift req [filter flags] [--stream] [--paginate] [--no-verify] [--auth] [RELAY…]

        \(FilterOptions.help)
              --stream           keep printing live events after every relay sent EOSE
              --paginate         walk back in time (until) page by page of --limit events
              --no-verify        print events without checking ids and signatures
              --auth             answer NIP-42 auth-required with --sec (or NOSTR_SECRET_KEY)
              --sec KEY          the key for --auth
        \(NetworkOptions.help)

        A filter JSON per stdin line is also accepted; the flags then modify it. Exits after every relay
        sent EOSE or closed the subscription; a relay that does not answer is named on stderr. Without
        relays the local index is queried.

        examples:
          nak-swift req -k 1 -l 10 relay.damus.io nos.lol
          nak-swift req -a $PUBKEY -k 1 --paginate -l 500 wss://relay.example.com
          echo '{"kinds":[0],"limit":3}' | nak-swift req ws://127.0.0.1:10547
        """

    let filter: FilterOptions
    let network: NetworkOptions
    let key: KeyOptions
    let stream: Bool
    let paginate: Bool
    let verify: Bool
    let auth: Bool
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        filter = try FilterOptions(&args)
        network = try NetworkOptions(&args)
        key = try KeyOptions(&args)
        stream = try args.flag("--stream")
        paginate = try args.flag("--paginate")
        verify = !(try args.flag("--no-verify"))
        auth = try args.flag("--auth")
        relays = args.remainingPositionals()
        try args.expectEnd()
        if stream && paginate { throw .conflict("--stream and --paginate cannot be combined") }
    }

    func run(_ io: IO) async throws -> ExitCode {
        let urls = try NetworkOptions.relays(relays)
        if urls.isEmpty { return try await LocalIndexQuery.run(filter.filter, network: network, io: io) }
        let signer: (any Signer)? = auth ? try await key.signer(io, command: "req --auth") : nil
        let pool = RelayPool(options: network.relayOptions(io, signer: signer, verify: verify), store: network.store(io))
        var code = ExitCode.ok
        for try await item in io.jsonItemsOrBlank() {
            var f = filter.filter
            if let item {
                do { f = try Filter(json: JSONValue.parse(item.bytes)).applying(filter.filter) } catch {
                    io.itemFailed("line \(item.line): not a filter: \(error)")
                    continue
                }
            }
            let result = await query(f, pool, io)
            if result != .ok { code = result }
        }
        await pool.close()
        io.flush()
        return code
    }

    /// Runs one filter; `.noRelayReached` when no relay could be reached at all.
    private func query(_ f: Filter, _ pool: RelayPool, _ io: IO) async -> ExitCode {
        let urls = (try? NetworkOptions.relays(relays)) ?? []
        let sub = paginate ? pool.paginate(f, on: urls) : pool.subscribe([f], on: urls, closeOnEOSE: !stream)
        var unreachable = 0
        for await m in sub.messages {
            switch m {
            case let .event(e, _):
                io.print(e.json)
                if stream { io.flush() }
            case let .eose(relay):
                io.verbose("\(relay): end of stored events")
            case let .failed(relay, error):
                if error.isUnreachable { unreachable += 1 }
                io.error("\(relay): \(Self.describe(error))")
            }
        }
        return unreachable == urls.count ? .noRelayReached : .ok
    }

    static func describe(_ e: RelayError) -> String {
        switch e {
        case let .closed(_, _, message): "closed the subscription: \(message)"
        default: Publishing.reason(e)
        }
    }
}
