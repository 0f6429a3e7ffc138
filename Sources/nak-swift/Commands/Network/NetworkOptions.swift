import Glibc
import NostrCore
import Relay

/// The flags every relay command shares: `--connect-timeout SECONDS`, `--db PATH`, and the relay URLs,
/// which are parsed when the command runs so that a bad one exits 4 rather than 2.
struct NetworkOptions: Sendable {
    /// The usage lines for these flags.
    static let help = """
              --connect-timeout S seconds to open each relay connection (default 5)
              --db PATH          also keep what arrives in this index (default: the local index, if it exists)
        """

    let connectTimeout: Duration
    let database: DatabaseOptions

    init(_ args: inout Arguments) throws(UsageError) {
        let seconds = try args.option("--connect-timeout", as: Double.self) ?? 5
        guard seconds > 0, seconds <= 600 else {
            throw .invalidValue(flag: "--connect-timeout", value: String(seconds), expected: "a number of seconds between 0 and 600")
        }
        connectTimeout = .milliseconds(Int64(seconds * 1000))
        database = try DatabaseOptions(&args)
    }

    /// Parses relay arguments; the first invalid one throws `.invalidURL` (exit 4).
    static func relays(_ texts: [String]) throws(RelayError) -> [RelayURL] {
        var out: [RelayURL] = []
        for t in texts { out.append(try RelayURL(t)) }
        return out
    }

    /// Connection options: the connect timeout, NOTICEs and relay trouble on stderr (`-v` for reconnects).
    func relayOptions(_ io: IO, signer: (any Signer)? = nil, verify: Bool = true) -> RelayOptions {
        var o = RelayOptions()
        o.connectTimeout = connectTimeout
        o.signer = signer
        if !verify { o.verifier = nil }
        o.log = { line in
            if line.hasPrefix("NOTICE") { io.log(line) } else { io.verbose(line) }
        }
        return o
    }

    /// The `--db` value, if given.
    var db: String? { database.explicitPath }

    /// `$XDG_DATA_HOME/nak-swift/events.sqlite` (CLI.md, "State").
    static func defaultIndexPath(_ env: [String: String]) -> String {
        var none = Arguments([])
        // Without --db, DatabaseOptions answers the default path; parsing an empty argv cannot fail.
        return ((try? DatabaseOptions(&none))?.path(env)) ?? ((env["HOME"] ?? ".") + "/.local/share/nak-swift/events.sqlite")
    }

    /// The index to keep arriving events in: `--db`, else the local index when it already exists.
    func store(_ io: IO) -> EventStore? {
        let path = database.path(io.environment)
        if database.explicitPath == nil, access(path, F_OK) != 0 { return nil }
        do { return try database.open(io.environment) } catch {
            io.log("not caching events: cannot open the index at \(path): \(error)")
            return nil
        }
    }
}

/// Relay errors end a command with the exit codes of CLI.md: 4 for a bad URL, 3 when nothing could be reached.
extension RelayError: HasExitCode {
    var exitCode: ExitCode {
        switch self {
        case .invalidURL: .invalidRelayURL
        case .unreachable, .connectTimeout: .noRelayReached
        default: .failure
        }
    }
}
