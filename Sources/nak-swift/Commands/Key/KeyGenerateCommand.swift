import NostrCore

/// `key generate`: a fresh secret key.
struct KeyGenerateCommand: Command {
    static let name = "generate"
    static let abstract = "Print a new random secret key (hex, or nsec with --nsec)."
    static let usage = """
        usage: nak-swift key generate [--nsec]

          --nsec   print the key as nsec1… instead of hex

        example:
          nak-swift key generate
        """

    let nsec: Bool

    init(_ args: inout Arguments) throws(UsageError) {
        nsec = try args.flag("--nsec")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let key = SecretKey.generate()
        io.print(nsec ? key.nsec : key.hex)
        return .ok
    }
}
