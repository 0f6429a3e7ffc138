/// Errors the command line itself raises; each message says what to do about it.
enum CLIError: Error, HasExitCode, CustomStringConvertible {
    /// A command that must sign or decrypt was given no key (`command` names it).
    case missingKey(command: String)
    /// `--sec` or `NOSTR_SECRET_KEY` could not be used (the value itself is never shown).
    case invalidKey(source: String, reason: KeyInputError)
    /// Relay arguments were given to a command whose networking is not wired yet.
    case networkingUnavailable(command: String)
    /// A file named on the command line could not be read.
    case unreadableFile(path: String, errno: Int32)
    /// An argument has the right shape for the parser but not for the command (`key public` on garbage).
    case invalidInput(what: String, reason: String)

    var exitCode: ExitCode { .failure }

    var description: String {
        switch self {
        case .missingKey:
            "no secret key given: pass --sec <hex|nsec> or set NOSTR_SECRET_KEY (create one with 'nak-swift key generate')"
        case let .invalidKey(source, reason): "\(source): \(reason)"
        case let .networkingUnavailable(command): "\(command): networking not available yet (no relay was contacted)"
        case let .unreadableFile(path, err): "cannot read \(path): \(SystemError.message(err))"
        case let .invalidInput(what, reason): "\(what): \(reason)"
        }
    }
}

/// Text for an errno value.
enum SystemError {
    static func message(_ err: Int32) -> String {
        guard let c = strerror(err) else { return "errno \(err)" }
        return String(cString: c)
    }
}

import Glibc
