import NostrCore
import Relay

/// `fetch`: resolve a NIP-19 code to its event through its relay hints, `-r` relays and the author's outbox.
struct FetchCommand: Command {
    static let name = "fetch"
    static let abstract = "Fetch what an nevent/note/naddr/nprofile/npub points to, through hints and outbox relays."
    static let usage = """
        usage: nak-swift fetch CODE|NAME@DOMAIN [-r RELAY…] [--indexer RELAY…]

          -r, --relay RELAY    also ask this relay; repeatable
          --indexer RELAY      look relay lists (NIP-65) up here instead of the defaults below; repeatable
        \(NetworkOptions.help)

        nevent, note and naddr print the event; nprofile and npub print the profile (kind 0). The code's relay
        hints and -r relays are asked first, then the author's write relays (NIP-65) found through them and
        the indexers (default wss://purplepag.es, wss://relay.damus.io).

        examples:
          nak-swift fetch nevent1…
          nak-swift fetch npub1… -r relay.damus.io
        """

    /// Where relay lists are looked up when nothing else knows the author.
    static let defaultIndexers: [RelayURL] = ["wss://purplepag.es", "wss://relay.damus.io"].compactMap { try? RelayURL($0) }

    let code: String
    let relays: [String]
    let indexers: [String]
    let network: NetworkOptions

    init(_ args: inout Arguments) throws(UsageError) {
        relays = try args.options("-r", "--relay")
        indexers = try args.options("--indexer")
        network = try NetworkOptions(&args)
        code = try args.positional("CODE")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let entity: NIP19Entity
        if code.contains("@") {
            // A NIP-05 name: its profile, through the relays its nostr.json lists.
            let (pubkey, relays) = try await PubkeyResolver().resolve(code)
            entity = .nprofile(pubkey: pubkey, relays: relays)
        } else {
            do { entity = try NIP19.decode(ParsedInput.stripURI(code.trimmingSpaces)) } catch {
                throw CLIError.invalidInput(what: "fetch \(code.prefix(20))…", reason: "not a NIP-19 code: \(error)")
            }
        }
        let filter: Filter
        switch entity {
        case let .note(id): filter = Filter(ids: [id])
        case let .nevent(id, _, _, _): filter = Filter(ids: [id])
        case let .naddr(identifier, pubkey, kind, _): filter = Filter(authors: [pubkey], kinds: [kind], tags: ["d": [identifier]], limit: 1)
        case let .npub(pubkey), let .nprofile(pubkey, _): filter = Filter(authors: [pubkey], kinds: [.metadata], limit: 1)
        case .nsec: throw CLIError.invalidInput(what: "fetch", reason: "an nsec is a secret key, not something to fetch")
        }
        // Bad hints inside a code are skipped; bad -r relays are the user's and end the run (exit 4).
        let given = try NetworkOptions.relays(relays)
        let lookup = indexers.isEmpty ? Self.defaultIndexers : try NetworkOptions.relays(indexers)
        var seen = Set<RelayURL>()
        let hints = (entity.relays.compactMap { try? RelayURL($0) } + given).filter { seen.insert($0).inserted }
        let pool = RelayPool(options: network.relayOptions(io), store: network.store(io))

        var result = hints.isEmpty ? PoolQueryResult(events: [], failures: [:]) : await pool.query([filter], on: hints)
        if result.events.isEmpty, let author = entity.publicKey {
            let outbox = Outbox(pool: pool, indexers: hints + lookup.filter { !hints.contains($0) })
            let writes = await outbox.writeRelays(of: author).filter { !hints.contains($0) }
            io.verbose("asking \(author.hex.prefix(12))…'s write relays: \(writes.map(\.string).joined(separator: " "))")
            if !writes.isEmpty {
                let more = await pool.query([filter], on: writes)
                result.events += more.events
                result.failures.merge(more.failures) { a, _ in a }
            }
        }
        await pool.close()
        guard let best = result.events.max(by: { $0.createdAt < $1.createdAt }) else {
            for (relay, e) in result.failures.sorted(by: { $0.key < $1.key }) { io.error("\(relay): \(ReqCommand.describe(e))") }
            if hints.isEmpty && entity.publicKey == nil {
                throw CLIError.invalidInput(what: "fetch", reason: "the code carries no relay hints: give one with -r RELAY")
            }
            throw CLIError.invalidInput(what: "fetch", reason: "not found on any relay asked")
        }
        io.print(best.json)
        return .ok
    }
}
