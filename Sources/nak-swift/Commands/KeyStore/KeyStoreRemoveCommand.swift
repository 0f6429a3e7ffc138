import Signer

/// `key store remove NAME`: deletes a stored key.
struct KeyStoreRemoveCommand: Command {
    static let name = "remove"
    static let abstract = "Delete a stored key (the key file and its public-key sidecar)."
    static let usage = """
        usage: nak-swift key store remove NAME

        example:
          nak-swift key store remove alice
        """

    let name: String

    init(_ args: inout Arguments) throws(UsageError) {
        name = try args.positional("NAME")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        try KeyStore(environment: io.environment).remove(name: name)
        io.log("removed key \(name)")
        return .ok
    }
}
