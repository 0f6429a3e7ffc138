import NostrCore
import Relay

/// `dm relays set RELAY…` / `dm relays PUBKEY [RELAY…]`: publish or read kind-10050 lists.
struct DMRelaysCommand: Command {
    static let name = "relays"
    static let abstract = "Publish your kind-10050 DM relay list (set), or show someone's (from the index or relays)."
    static let usage = """
        usage: nak-swift dm relays set [--sec KEY] [--db PATH] [--connect-timeout S] RELAY… [--to RELAY…]
               nak-swift dm relays PUBKEY [--db PATH] [--connect-timeout S] [RELAY…]

        \(DMSession.help)
          set        sign a kind-10050 list naming RELAY… and publish it to them (and to --to)
          PUBKEY     print that key's DM relays: from the index, else asked from RELAY…

        example:
          nak-swift dm relays set --sec bob ws://127.0.0.1:10547
          nak-swift dm relays $BOB ws://127.0.0.1:10547
        """

    let session: DMSession
    let target: String
    let relays: [String]
    let extra: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        session = try DMSession(&args)
        extra = try args.options("--to")
        target = try args.positional("set or PUBKEY")
        relays = args.remainingPositionals()
        if target == "set" && relays.isEmpty { throw .missingArgument("RELAY") }
        if target != "set" && !extra.isEmpty { throw .conflict("--to only goes with 'dm relays set'") }
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let relayURLs = try NetworkOptions.relays(relays)
        if target == "set" {
            let messenger = try await session.messenger(io, command: "dm relays set")
            let (event, outcomes) = try await messenger.publishInboxRelays(relayURLs,
                                                                             to: relayURLs + (try NetworkOptions.relays(extra)))
            await messenger.pool.close()
            io.print(event.json)
            DMSession.logOutcomes(outcomes, what: "kind 10050", io)
            if !outcomes.contains(where: { (try? $0.result.get()) != nil }) { return .noRelayReached }
            return outcomes.contains(where: \.isSuccess) ? .ok : .failure
        }
        let pubkey = try ParsedInput.publicKey(target, flag: "PUBKEY")
        // Reading needs no key; the messenger only wants one to exist.
        let messenger = try DirectMessenger(signer: LocalSigner(SecretKey.generate()), pool: RelayPool(),
                                            store: try session.openIndex(io))
        let found = try await messenger.inboxRelays(of: [pubkey], lookup: relayURLs)[pubkey]
        await messenger.pool.close()
        guard let found else {
            throw DMError.noInboxRelays([pubkey])
        }
        for relay in found { io.print(relay.string) }
        return .ok
    }
}
