import NostrCore

/// `--sec` for commands that sign, falling back to `NOSTR_SECRET_KEY`. Only the text is stored
/// at parse time; turning it into a key happens in `run` through `SignerResolver`, since that may
/// ask for a password or (later) reach a remote signer.
struct KeyOptions: Sendable {
    /// The `--sec` value as given, if any.
    var sec: String?

    /// Takes `--sec` out of `args`.
    init(_ args: inout Arguments) throws(UsageError) {
        sec = try args.option("--sec")
    }

    init(sec: String?) { self.sec = sec }

    /// Where the key text comes from, for messages: `--sec` wins over the environment.
    func source(_ io: IO) -> (name: String, value: String)? {
        if let sec { return ("--sec", sec) }
        if let env = io.environment["NOSTR_SECRET_KEY"], !env.isEmpty { return ("NOSTR_SECRET_KEY", env) }
        return nil
    }

    /// The secret key to sign with; `command` names the command in the missing-key message.
    func secretKey(_ io: IO, command: String) throws(CLIError) -> SecretKey {
        guard let (name, value) = source(io) else { throw .missingKey(command: command) }
        do {
            return try SignerResolver(environment: io.environment).secretKey(from: value)
        } catch {
            throw .invalidKey(source: name, reason: error)
        }
    }

    /// The secret key if one was given (for commands where signing is optional).
    func optionalSecretKey(_ io: IO) throws(CLIError) -> SecretKey? {
        guard source(io) != nil else { return nil }
        return try secretKey(io, command: "this command")
    }
}
