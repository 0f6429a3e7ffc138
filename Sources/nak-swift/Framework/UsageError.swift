/// Why the command line could not be understood; the process exits 2 after printing it and the usage.
enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingCommand
    case unknownCommand(String)
    case missingSubcommand(command: String)
    case unknownSubcommand(command: String, name: String)
    case unknownFlag(String)
    case missingValue(flag: String)
    case invalidValue(flag: String, value: String, expected: String)
    case missingArgument(String)
    case unexpectedArgument(String)
    /// A combination of flags and arguments that makes no sense together.
    case conflict(String)

    var description: String {
        switch self {
        case .missingCommand: "no command given"
        case let .unknownCommand(name): "unknown command '\(name)' (see 'nak-swift help')"
        case let .missingSubcommand(command): "'\(command)' needs a subcommand"
        case let .unknownSubcommand(command, name): "'\(command)' has no subcommand '\(name)'"
        case let .unknownFlag(flag): "unknown flag '\(flag)'"
        case let .missingValue(flag): "flag '\(flag)' needs a value"
        case let .invalidValue(flag, value, expected): "flag '\(flag)': '\(value)' is not \(expected)"
        case let .missingArgument(name): "missing argument \(name)"
        case let .unexpectedArgument(arg): "unexpected argument '\(arg)'"
        case let .conflict(why): why
        }
    }
}
