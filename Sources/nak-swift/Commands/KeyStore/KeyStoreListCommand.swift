import Signer

/// `key store list`: the stored keys and their public keys (no password needed).
struct KeyStoreListCommand: Command {
    static let name = "list"
    static let abstract = "List stored keys as {\"name\":…,\"pubkey\":…} lines; needs no password."
    static let usage = """
        usage: nak-swift key store list

        example:
          nak-swift key store list
        """

    init(_ args: inout Arguments) throws(UsageError) { try args.expectEnd() }

    func run(_ io: IO) async throws -> ExitCode {
        for entry in try KeyStore(environment: io.environment).list() {
            io.print(KeyStoreCommand.line(name: entry.name, pubkey: entry.publicKey?.hex))
        }
        return .ok
    }
}
