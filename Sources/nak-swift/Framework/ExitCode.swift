/// The process exit status; the numbers are the contract in CLI.md ("Exit codes").
enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// An error that is not one of the cases below.
    case failure = 1
    /// Bad flags or arguments; the command's usage was printed.
    case usage = 2
    /// No relay could be reached.
    case noRelayReached = 3
    /// A relay URL could not be parsed.
    case invalidRelayURL = 4
    /// At least one stdin item failed (each was reported on stderr).
    case itemFailed = 123
}

/// An error that knows which exit code it means (relay and signer errors conform in the CLI).
protocol HasExitCode: Error {
    /// The status the process exits with when this error ends a command.
    var exitCode: ExitCode { get }
}
