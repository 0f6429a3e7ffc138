import NostrCore

/// `encode nevent`.
struct EncodeNeventCommand: Command {
    static let name = "nevent"
    static let abstract = "An event id with relay hints, author and kind to nevent."
    static let usage = """
        usage: nak-swift encode nevent [--relay URL…] [--author PUBKEY] [--kind K] ID…

          -r, --relay URL       relay hint; repeatable
          -a, --author PUBKEY   the event's author
          -k, --kind K          the event's kind

        example:
          nak-swift encode nevent --relay wss://relay.example --author $PUBKEY $ID
        """
    let relays: [String]
    let author: PublicKey?
    let kind: Int?
    let values: EncodeValues
    init(_ args: inout Arguments) throws(UsageError) {
        relays = try args.options("-r", "--relay")
        author = try args.option("-a", "--author").map { s throws(UsageError) in try ParsedInput.publicKey(s, flag: "--author") }
        kind = try args.option("-k", "--kind", as: Int.self)
        values = EncodeValues(values: args.remainingPositionals(), secret: false)
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        try await values.run(io, what: "event id") { v in
            guard let id = ParsedInput.eventID(v) else { return nil }
            return try? NIP19.checkedEncode(.nevent(id: id, relays: relays, author: author, kind: kind.map { Kind($0) }))
        }
    }
}
