import Dispatch
import Glibc
import NostrCore
import Relay

/// `serve`: a relay on the event index until Ctrl-C or SIGTERM.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Run a local relay on the event index (NIP-01, 09, 11, 40, 42, 45)."
    static let usage = """
        usage: nak-swift serve [--host 127.0.0.1] [--port 10547] [--db PATH|:memory:] [--auth] [--blossom DIR]

          --host HOST   address to listen on (default 127.0.0.1: this machine only)
          --port PORT   port to listen on (default 10547; 0 picks a free one)
          --db PATH     keep events in this SQLite index (default :memory:, gone when the relay stops)
          --auth        require NIP-42 authentication before EVENT, REQ and COUNT
          --blossom DIR also serve Blossom blobs from DIR on the same port (upload, get, list, delete, mirror)

        Prints "relay running at ws://HOST:PORT" on stderr once it accepts connections; stops on Ctrl-C or SIGTERM.

        example:
          nak-swift serve --port 10547 --db relay.sqlite
        """

    let host: String
    let port: UInt16
    let db: String
    let auth: Bool
    let blossom: String?

    init(_ args: inout Arguments) throws(UsageError) {
        host = try args.option("--host") ?? "127.0.0.1"
        port = try args.option("--port", as: UInt16.self) ?? 10547
        db = try args.option("--db") ?? ":memory:"
        auth = try args.flag("--auth")
        blossom = try args.option("--blossom")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        // Ignore the signals before anything else so an early Ctrl-C is not lost; the waiter picks them up.
        let stop = StopSignal()
        let store = try EventStore(path: db)
        var configuration = LocalRelay.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.requiresAuth = auth
        if let blossom {
            let server = try BlossomServer(directory: blossom)
            configuration.httpRoutes = { await server.respond(to: $0) }
        }
        let relay = try LocalRelay(storage: store, configuration: configuration)
        io.error("relay running at \(relay.url)")
        if let blossom { io.log("blossom blobs in \(blossom) at \(relay.url.replacingOccurrences(of: "ws://", with: "http://"))") }
        if db == ":memory:" { io.verbose("events are kept in memory only (use --db PATH to keep them)") }
        let signal = await stop.wait()
        io.log("received \(signal == SIGINT ? "SIGINT" : "SIGTERM"), shutting down")
        await relay.shutdown()
        // Fold the WAL into the database file so it is complete on its own once we exit.
        do { try store.checkpoint() } catch { io.error("could not checkpoint \(db): \(error)") }
        return .ok
    }
}

