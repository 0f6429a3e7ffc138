import NostrCore

/// `key generate`: a fresh secret key.
struct KeyGenerateCommand: Command {
    static let name = "generate"
    static let abstract = "Print a new random secret key (hex)."
    static let usage = """
        usage: nak-swift key generate

        example:
          nak-swift key generate
        """

    init(_ args: inout Arguments) throws(UsageError) {
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let key = SecretKey.generate()
        io.print(key.hex)
        return .ok
    }
}
