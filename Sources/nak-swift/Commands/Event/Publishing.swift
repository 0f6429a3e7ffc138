import NostrCore

/// The hook `event` (and later `dm send`, `zap`, …) publishes through. The relay module wires
/// this to a `RelayPool`; until then it refuses without contacting anything.
enum Publishing {
    /// Publishes `event` to `relays`, printing one `OK`/error line per relay on stderr.
    static func publish(_ event: Event, to relays: [String], io: IO) async throws -> ExitCode {
        throw CLIError.networkingUnavailable(command: "event")
    }
}
