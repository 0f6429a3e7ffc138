import Bunker
import NostrCore
import Signer

/// `bunker connect NOSTRCONNECT_URI`: the client-initiated flow. Pairs the URI's client with the permissions
/// it asked for, sends it the `connect` response carrying its secret, then keeps serving like `bunker`.
struct BunkerConnectCommand: Sendable {
    let uri: NostrConnectURI
    let options: BunkerOptions

    init(_ args: inout Arguments) throws(UsageError) {
        let text = try args.positional("NOSTRCONNECT_URI")
        do { uri = try NostrConnectURI(text) } catch {
            throw .invalidValue(flag: "NOSTRCONNECT_URI", value: String(text.prefix(80)), expected: "a nostrconnect:// URI (\(error))")
        }
        options = try BunkerOptions(&args)
    }

    func run(_ io: IO) async throws -> ExitCode {
        let stop = StopSignal()
        // With no relay of its own the bunker listens where the client does.
        let runner = try await options.startBunker(io, extraRelays: options.relays.isEmpty ? uri.relays : [])
        io.log("pairing with \(uri.clientPubkey.hex) \(uri.metadata.displayText), permissions: \(uri.permissions.isEmpty ? "all" : uri.permissions.description)")
        try await runner.connect(to: uri)
        try options.announce(runner, io)
        _ = await stop.wait()
        runner.stop()
        return .ok
    }
}
