import NostrCore

/// `gift wrap -p PUBKEY`: each stdin event becomes a rumor, sealed by `--sec` and wrapped for each `-p`.
struct GiftWrapCommand: Command {
    static let name = "wrap"
    static let abstract = "Seal each stdin event (the rumor) with --sec and gift-wrap it for each -p; prints the kind-1059 events."
    static let usage = """
        usage: nak-swift gift wrap -p PUBKEY [-p PUBKEY…] [--sec KEY]

        Each stdin event is the rumor: missing fields are filled in (your pubkey, now, kind 1, no
        tags, empty content) and id/sig are dropped. One wrap per recipient is printed, each
        under a fresh one-time key, with created_at randomised up to two days back (NIP-59).

        example:
          echo '{"kind":14,"content":"hi","tags":[["p","'$BOB'"]]}' | nak-swift gift wrap --sec alice -p $BOB
        """

    let key: KeyOptions
    let recipients: [PublicKey]

    init(_ args: inout Arguments) throws(UsageError) {
        key = try KeyOptions(&args)
        var out: [PublicKey] = []
        for p in try args.options("-p", "--pubkey") { out.append(try ParsedInput.publicKey(p, flag: "-p")) }
        guard !out.isEmpty else { throw .missingArgument("-p PUBKEY") }
        recipients = out
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let signer = try await key.signer(io, command: "gift wrap")
        let author = try await signer.publicKey()
        var any = false
        for await item in io.jsonItems() {
            any = true
            do {
                let rumor = try RumorTemplate.parse(item.bytes, author: author, now: ParsedInput.now)
                for recipient in recipients {
                    io.print(try await NIP59.giftWrap(rumor, to: recipient, signer: signer).json)
                }
            } catch {
                io.itemFailed("gift wrap: line \(item.line): \(error)")
            }
        }
        if !any { throw UsageError.missingArgument("an event on stdin (the rumor to wrap)") }
        return .ok
    }
}
