import Bunker
import NostrCore
import Signer

/// `bunker`: a NIP-46 remote signer for others; `bunker connect` and `bunker clients` are handled here too
/// because `bunker` itself runs (a command with subcommands would only group them).
struct BunkerCommand: Command {
    static let name = "bunker"
    static let abstract = "Run a NIP-46 remote signer (bunker) for other clients; default deny."
    static let usage = """
        usage: nak-swift bunker [--sec KEY] [--profile NAME] [--authorize PUBKEY[:PERMS]]… [--secret S] [--ask] [--qrcode] [--db PATH] RELAY…
               nak-swift bunker connect NOSTRCONNECT_URI [same flags] [RELAY…]
               nak-swift bunker clients [--profile NAME] [--db PATH] [--revoke PUBKEY] [--audit [--limit N]]

        Serves the user key through a remote-signer key of its own and prints its bunker:// URI on stdout, then
        stays up (Ctrl-C stops it). A client may do nothing until paired: by the URI's one-time secret (rotated
        after use; the new URI is logged), by --authorize, or by `bunker connect` with the client's
        nostrconnect:// URI. A paired client gets the permissions it asked for (all when it asked for none);
        anything else is refused, or asked about with --ask. Grants, sessions and the audit log live in the
        local index (--db), so a restart keeps them.

        \(BunkerOptions.help)
        \(DatabaseOptions.help)
          --revoke PUBKEY        (clients) remove a client's session and grants
          --audit                (clients) print the audit log instead of the clients

        example:
          nak-swift bunker --sec alice --qrcode relay.damus.io nos.lol
          nak-swift bunker --sec alice --authorize 3bf0c63f…:sign_event:1,nip44_encrypt ws://127.0.0.1:10547
          nak-swift bunker clients --revoke 3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d
        """

    private enum Mode: Sendable {
        case serve(BunkerOptions)
        case connect(BunkerConnectCommand)
        case clients(BunkerClientsCommand)
    }
    private let mode: Mode

    init(_ args: inout Arguments) throws(UsageError) {
        var peek = args
        switch peek.popWord() {
        case "connect"?:
            args = peek
            mode = .connect(try BunkerConnectCommand(&args))
        case "clients"?:
            args = peek
            mode = .clients(try BunkerClientsCommand(&args))
        default:
            mode = .serve(try BunkerOptions(&args))
        }
    }

    func run(_ io: IO) async throws -> ExitCode {
        switch mode {
        case let .connect(c): return try await c.run(io)
        case let .clients(c): return try await c.run(io)
        case let .serve(options):
            let stop = StopSignal()
            let runner = try await options.startBunker(io)
            try options.announce(runner, io)
            let signal = await stop.wait()
            io.log("received \(signal == 2 ? "SIGINT" : "SIGTERM"), stopping the bunker")
            runner.stop()
            return .ok
        }
    }
}
