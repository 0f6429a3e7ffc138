import NostrCore
import Signer

/// `key store add NAME [SEC|-]`: encrypts a key under a password and stores it as NAME.
struct KeyStoreAddCommand: Command {
    static let name = "add"
    static let abstract = "Store a key (given, read from stdin with '-', or generated) encrypted under a password."
    static let usage = """
        usage: nak-swift key store add NAME [SEC|-] [--logn N] [--replace]

          SEC         hex, nsec or ncryptsec; '-' reads it from the first stdin line (keeps it out
                      of `ps` and shell history); omitted: a new key is generated
          --logn N    scrypt cost 2^N (default 16: 64 MiB, ~0.2 s per unlock)
          --replace   overwrite an existing key of that name

        The password comes from NOSTR_PASSWORD, else it is asked twice on the terminal.
        Prints {"name":…,"pubkey":…}.

        example:
          nak-swift key store add alice            # generates a key
          nak-swift key generate | nak-swift key store add bob -
          nak-swift event --sec alice -c hello
        """

    let name: String
    let secret: String?
    let logN: UInt8
    let replace: Bool

    init(_ args: inout Arguments) throws(UsageError) {
        logN = try args.option("--logn", as: UInt8.self) ?? 16
        guard (1...22).contains(logN) else {
            throw .invalidValue(flag: "--logn", value: String(logN), expected: "between 1 and 22")
        }
        replace = try args.flag("--replace")
        name = try args.positional("NAME")
        secret = args.positional()
        try args.expectEnd()
        do throws(KeyStoreError) { try KeyStore.validate(name) } catch {
            throw .invalidValue(flag: "NAME", value: name, expected: "1 to 64 letters, digits, '.', '_' or '-'")
        }
    }

    func run(_ io: IO) async throws -> ExitCode {
        let store = KeyStore(environment: io.environment)
        if !replace, store.contains(name: name) { throw CLIError.invalidInput(what: "key store add", reason: "\(KeyStoreError.alreadyExists(name: name)) or pass --replace") }
        let key = try await self.key(io)
        let password = try StorePassword.new(name: name, environment: io.environment)
        let entry = try store.add(name: name, key: key, password: password, logN: logN, replace: replace)
        io.print(KeyStoreCommand.line(name: entry.name, pubkey: entry.publicKey?.hex))
        io.log("stored key \(name) in \(store.path(.keys, name))")
        return .ok
    }

    private func key(_ io: IO) async throws -> SecretKey {
        guard var text = secret else { return SecretKey.generate() }
        if text == "-" {
            var first: String?
            for await line in io.lines() {
                first = line.text
                break
            }
            guard let first else { throw UsageError.missingArgument("SEC on stdin (nothing was piped)") }
            text = first
        }
        do { return try SignerResolver(environment: io.environment).secretKey(from: text) } catch {
            throw CLIError.invalidKey(source: "SEC", reason: error)
        }
    }
}
