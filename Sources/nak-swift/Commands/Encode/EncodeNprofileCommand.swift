import NostrCore

/// `encode nprofile`.
struct EncodeNprofileCommand: Command {
    static let name = "nprofile"
    static let abstract = "A public key with relay hints to nprofile."
    static let usage = """
        usage: nak-swift encode nprofile [--relay URL…] PUBKEY…

          -r, --relay URL   relay hint; repeatable

        example:
          nak-swift encode nprofile --relay wss://relay.example $PUBKEY
        """
    let relays: [String]
    let values: EncodeValues
    init(_ args: inout Arguments) throws(UsageError) {
        relays = try args.options("-r", "--relay")
        values = EncodeValues(values: args.remainingPositionals(), secret: false)
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        try await values.run(io, what: "public key") { v in
            guard let pk = ParsedInput.publicKey(v) else { return nil }
            return try? NIP19.checkedEncode(.nprofile(pubkey: pk, relays: relays))
        }
    }
}
