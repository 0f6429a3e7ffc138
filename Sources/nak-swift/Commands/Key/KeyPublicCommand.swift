import NostrCore

/// `key public`: the public key of each secret key given as arguments or on stdin lines.
struct KeyPublicCommand: Command {
    static let name = "public"
    static let abstract = "Print the public key (hex, or npub with --npub) of each secret key, from arguments or stdin lines."
    static let usage = """
        usage: nak-swift key public [--npub] [SEC…]

          --npub   print npub1… instead of hex

        SEC is a hex secret key or an nsec; without arguments, one per stdin line.

        example:
          nak-swift key public 0000000000000000000000000000000000000000000000000000000000000001
        """

    let secrets: [String]
    let npub: Bool

    init(_ args: inout Arguments) throws(UsageError) {
        npub = try args.flag("--npub")
        secrets = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        if !secrets.isEmpty {
            for (i, s) in secrets.enumerated() { convert(s, label: "argument \(i + 1)", io) }
            return .ok
        }
        var any = false
        for await line in io.lines() {
            any = true
            convert(line.text, label: "line \(line.line)", io)
        }
        if !any { throw UsageError.missingArgument("SEC") }
        return .ok
    }

    private func convert(_ text: String, label: String, _ io: IO) {
        do {
            let key = try SignerResolver(environment: io.environment).secretKey(from: text)
            io.print(npub ? key.publicKey.npub : key.publicKey.hex)
        } catch {
            io.itemFailed("key public: \(label): \(error)")
        }
    }
}
