/// One `nak-swift` command: static metadata, options parsed in `init` (a usage error exits 2
/// before anything runs), and an async `run` that does the work.
protocol Command: Sendable {
    /// The word that selects the command (`verify`, or `generate` under `key`).
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The synopsis and flags, shown by `--help` and after a usage error.
    static var usage: String { get }
    /// Subcommands; a command with subcommands is a group and is never run itself.
    static var subcommands: [any Command.Type] { get }

    /// Parses the command's flags and arguments; must consume all of them (`args.expectEnd()`).
    init(_ args: inout Arguments) throws(UsageError)

    /// Does the work. Thrown errors are printed and mapped to an exit code (see `CLI`).
    func run(_ io: IO) async throws -> ExitCode
}

extension Command {
    static var subcommands: [any Command.Type] { [] }
}

/// A command that only groups subcommands (`key`).
protocol CommandGroup: Command {}

extension CommandGroup {
    init(_ args: inout Arguments) throws(UsageError) { throw .missingSubcommand(command: Self.name) }
    func run(_ io: IO) async throws -> ExitCode { .usage }
}
