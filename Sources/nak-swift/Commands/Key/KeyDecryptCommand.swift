import NostrCore
import Signer // UnicodeNormalizer.foundation

/// `key decrypt`: the secret key inside an ncryptsec.
struct KeyDecryptCommand: Command {
    static let name = "decrypt"
    static let abstract = "Decrypt an ncryptsec (NIP-49) with its password; prints the hex key (--nsec for nsec)."
    static let usage = """
        usage: nak-swift key decrypt NCRYPTSEC PASSWORD [--nsec]

        example:
          nak-swift key decrypt ncryptsec1… 'correct horse battery staple'
        """

    let ncryptsec: String
    let password: String
    let nsec: Bool

    init(_ args: inout Arguments) throws(UsageError) {
        nsec = try args.flag("--nsec")
        ncryptsec = try args.positional("NCRYPTSEC")
        password = try args.positional("PASSWORD")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let key = try NIP49.decrypt(ncryptsec.trimmingSpaces, password: password, normalizer: .foundation)
        io.print(nsec ? key.nsec : key.hex)
        return .ok
    }
}
