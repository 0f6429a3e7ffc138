import NostrCore
import Relay

/// `dm list [--with PUBKEY] [RELAY…]`.
struct DMListCommand: Command {
    static let name = "list"
    static let abstract = "Fetch and open your gift wraps from relays, then list your messages by conversation, newest first."
    static let usage = """
        usage: nak-swift dm list [--with PUBKEY…] [--sec KEY] [--db PATH] [--connect-timeout S] [RELAY…]

          --with PUBKEY   only conversations that include this key (repeatable: all of them)
        \(DMSession.help)
          RELAY…          fetch new gift wraps from these relays first (since the last fetch, minus
                          two days for NIP-59's randomised timestamps); without relays the local
                          index is listed as it is, offline

        One JSON line per message: {"id","conversation","from","to","created_at","subject"?,"content"}.
        Opened messages are kept in the index, so a second list is instant and works offline.

        example:
          nak-swift dm list --sec bob ws://127.0.0.1:10547
        """

    let session: DMSession
    let with: [String]
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        session = try DMSession(&args)
        with = try args.options("--with")
        relays = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        var withKeys: [PublicKey] = []
        for w in with { withKeys.append(try ParsedInput.publicKey(w, flag: "--with")) }
        let relayURLs = try NetworkOptions.relays(relays)
        let messenger = try await session.messenger(io, command: "dm list")

        var code = ExitCode.ok
        if !relayURLs.isEmpty {
            let outcome: Result<DMFetchReport, DMError>
            do { outcome = .success(try await messenger.fetch(from: relayURLs)) } catch { outcome = .failure(error) }
            switch outcome {
            case let .success(report):
                for (relay, error) in report.failures.sorted(by: { $0.key < $1.key }) { io.error("\(relay): \(error)") }
                for (wrap, error) in report.unopenable { io.verbose("gift wrap \(wrap.hex): \(error)") }
                io.log("\(report.received) gift wraps, \(report.newMessages) new messages"
                       + (report.unopenable.isEmpty ? "" : ", \(report.unopenable.count) could not be opened"))
            case let .failure(.unreachable(errors)):
                // Still list what the index has: the archive works offline.
                for e in errors { io.error("\(e)") }
                code = .noRelayReached
            case let .failure(error):
                throw error
            }
            await messenger.pool.close()
        }
        for message in try await messenger.messages(with: withKeys) { io.print(message.jsonLine) }
        return code
    }
}
