import NostrCore
import Signer // UnicodeNormalizer.foundation

/// `key encrypt`: NIP-49 ncryptsec from a secret key and a password.
struct KeyEncryptCommand: Command {
    static let name = "encrypt"
    static let abstract = "Encrypt a secret key with a password into an ncryptsec (NIP-49)."
    static let usage = """
        usage: nak-swift key encrypt SEC PASSWORD [--logn N]

          --logn N   scrypt cost, 2^N rounds (default 16: about 64 MiB and 0.1 s)

        example:
          nak-swift key encrypt $SEC 'correct horse battery staple'
        """

    let secret: String
    let password: String
    let logN: UInt8

    init(_ args: inout Arguments) throws(UsageError) {
        let logN = try args.option("--logn", as: UInt8.self) ?? 16
        guard (1...30).contains(logN) else { throw .invalidValue(flag: "--logn", value: String(logN), expected: "between 1 and 30") }
        self.logN = logN
        secret = try args.positional("SEC")
        password = try args.positional("PASSWORD")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let key: SecretKey
        do { key = try SignerResolver(environment: io.environment).secretKey(from: secret) } catch {
            throw CLIError.invalidKey(source: "SEC", reason: error)
        }
        io.print(try NIP49.encrypt(key, password: password, logN: logN, normalizer: .foundation))
        return .ok
    }
}
