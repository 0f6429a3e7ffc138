import NostrCore

/// `key public`: the public key of each secret key given as arguments or on stdin lines.
struct KeyPublicCommand: Command {
    static let name = "public"
    static let abstract = "Print the public key (hex) of each secret key, from arguments or stdin lines."
    static let usage = """
        usage: nak-swift key public [SEC…]

        SEC is a hex secret key; without arguments, one per stdin line.

        example:
          nak-swift key public 0000000000000000000000000000000000000000000000000000000000000001
        """

    let secrets: [String]

    init(_ args: inout Arguments) throws(UsageError) {
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
            io.print(key.publicKey.hex)
        } catch {
            io.itemFailed("key public: \(label): \(error)")
        }
    }
}
