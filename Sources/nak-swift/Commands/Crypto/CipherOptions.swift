import NostrCore

/// What `encrypt` and `decrypt` share: the key, the peer (`-p`), the scheme, and the texts.
struct CipherOptions: Sendable {
    let key: KeyOptions
    let peer: PublicKey
    let nip04: Bool
    /// Texts from the arguments; empty means stdin lines.
    let texts: [String]

    init(_ args: inout Arguments, what: String) throws(UsageError) {
        key = try KeyOptions(&args)
        guard let p = try args.option("-p", "--recipient-pubkey", "--pubkey") else { throw .missingArgument("-p PUBKEY") }
        peer = try ParsedInput.publicKey(p, flag: "-p")
        nip04 = try args.flag("--nip04")
        texts = args.remainingPositionals()
        try args.expectEnd()
    }

    /// Applies `transform` to each text (arguments, else stdin lines), printing one result per line.
    func run(_ io: IO, command: String, _ transform: (String, SecretKey) throws -> String) async throws -> ExitCode {
        let secret = try key.secretKey(io, command: command)
        if !texts.isEmpty {
            for (i, t) in texts.enumerated() { one(t, label: "argument \(i + 1)", secret, io, command, transform) }
            return .ok
        }
        var any = false
        for await line in io.lines() {
            any = true
            one(line.text, label: "line \(line.line)", secret, io, command, transform)
        }
        if !any { throw UsageError.missingArgument("TEXT (or stdin lines)") }
        return .ok
    }

    private func one(_ text: String, label: String, _ secret: SecretKey, _ io: IO, _ command: String,
                     _ transform: (String, SecretKey) throws -> String) {
        do { io.print(try transform(text, secret)) } catch { io.itemFailed("\(command): \(label): \(error)") }
    }
}
