import NostrCore

/// `encode naddr`.
struct EncodeNaddrCommand: Command {
    static let name = "naddr"
    static let abstract = "An addressable event's coordinates (kind, author, d tag) to naddr."
    static let usage = """
        usage: nak-swift encode naddr --identifier D --pubkey PUBKEY --kind K [--relay URL…]

          -d, --identifier D    the d tag
          -p, --pubkey PUBKEY   the author
          -k, --kind K          the kind
          -r, --relay URL       relay hint; repeatable

        example:
          nak-swift encode naddr --identifier my-article --pubkey $PUBKEY --kind 30023 --relay wss://relay.example
        """
    let identifier: String
    let pubkey: PublicKey
    let kind: Int
    let relays: [String]
    init(_ args: inout Arguments) throws(UsageError) {
        relays = try args.options("-r", "--relay")
        guard let d = try args.option("-d", "--identifier") else { throw .missingArgument("--identifier") }
        guard let p = try args.option("-p", "--pubkey", "--author") else { throw .missingArgument("--pubkey") }
        guard let k = try args.option("-k", "--kind", as: Int.self) else { throw .missingArgument("--kind") }
        identifier = d
        pubkey = try ParsedInput.publicKey(p, flag: "--pubkey")
        kind = k
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        io.print(try NIP19.checkedEncode(.naddr(identifier: identifier, pubkey: pubkey, kind: Kind(kind), relays: relays)))
        return .ok
    }
}
