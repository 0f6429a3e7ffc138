import Dispatch
import Glibc
import NostrCore
import Relay

/// `serve`: a relay on the event index until Ctrl-C or SIGTERM.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Run a local relay on the event index (NIP-01, 09, 11, 40, 42, 45)."
    static let usage = """
        usage: nak-swift serve [--host 127.0.0.1] [--port 10547] [--db PATH|:memory:] [--auth]

          --host HOST   address to listen on (default 127.0.0.1: this machine only)
          --port PORT   port to listen on (default 10547; 0 picks a free one)
          --db PATH     keep events in this SQLite index (default :memory:, gone when the relay stops)
          --auth        require NIP-42 authentication before EVENT, REQ and COUNT

        Prints "relay running at ws://HOST:PORT" on stderr once it accepts connections; stops on Ctrl-C or SIGTERM.

        example:
          nak-swift serve --port 10547 --db relay.sqlite
        """

    let host: String
    let port: UInt16
    let db: String
    let auth: Bool

    init(_ args: inout Arguments) throws(UsageError) {
        host = try args.option("--host") ?? "127.0.0.1"
        port = try args.option("--port", as: UInt16.self) ?? 10547
        db = try args.option("--db") ?? ":memory:"
        auth = try args.flag("--auth")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        // Ignore the signals before anything else so an early Ctrl-C is not lost; the waiter picks them up.
        let stop = SignalWaiter(SIGINT, SIGTERM)
        let store = try EventStore(path: db)
        var configuration = LocalRelay.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.requiresAuth = auth
        let relay = try LocalRelay(storage: store, configuration: configuration)
        io.error("relay running at \(relay.url)")
        if db == ":memory:" { io.verbose("events are kept in memory only (use --db PATH to keep them)") }
        let signal = await stop.wait()
        io.log("received \(signal == SIGINT ? "SIGINT" : "SIGTERM"), shutting down")
        await relay.shutdown()
        // Fold the WAL into the database file so it is complete on its own once we exit.
        do { try store.checkpoint() } catch { io.error("could not checkpoint \(db): \(error)") }
        return .ok
    }
}

/// Turns the given signals into one awaited value instead of the default termination.
private final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Int32>

    init(_ signals: Int32...) {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        self.stream = stream
        sources = signals.map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { continuation.yield(sig) }
            source.resume()
            return source
        }
    }

    /// The first signal received.
    func wait() async -> Int32 {
        for await s in stream { return s }
        return SIGTERM
    }
}
