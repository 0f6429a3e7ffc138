import NostrCore

/// `gift unwrap`: opens each stdin gift wrap with `--sec` and prints the rumor.
struct GiftUnwrapCommand: Command {
    static let name = "unwrap"
    static let abstract = "Open each stdin gift wrap addressed to --sec, check every layer, print the rumor JSON."
    static let usage = """
        usage: nak-swift gift unwrap [--sec KEY]

        Checks the wrap and seal signatures, that the seal is kind 13 without tags, that the
        rumor is unsigned with a correct id, and that the seal's signer is the rumor's author.
        Prints the rumor (with its id, without sig); a wrap that fails a check is reported and
        the run exits 123.

        example:
          nak-swift req -k 1059 -p $ME wss://relay.example | nak-swift gift unwrap --sec alice
        """

    let key: KeyOptions

    init(_ args: inout Arguments) throws(UsageError) {
        key = try KeyOptions(&args)
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let signer = try await key.signer(io, command: "gift unwrap")
        var any = false
        for await item in io.jsonItems() {
            any = true
            do {
                let gift = try await NIP59.unwrap(try Event(json: item.bytes), signer: signer)
                io.print(gift.rumor.json(includingID: true))
            } catch {
                io.itemFailed("gift unwrap: line \(item.line): \(error)")
            }
        }
        if !any { throw UsageError.missingArgument("a gift wrap event on stdin") }
        return .ok
    }
}
