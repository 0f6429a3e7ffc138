import NostrCore

/// `encrypt`: NIP-44 (default) or NIP-04 encryption to `-p`.
struct EncryptCommand: Command {
    static let name = "encrypt"
    static let abstract = "Encrypt text to a public key with NIP-44 (default) or NIP-04."
    static let usage = """
        usage: nak-swift encrypt -p PUBKEY [--nip04] [--sec KEY] [TEXT…]

        Without TEXT, each stdin line is encrypted separately; one payload per line.

        example:
          nak-swift encrypt --sec $SEC -p $THEIR_PUBKEY 'hello'
        """
    let options: CipherOptions
    init(_ args: inout Arguments) throws(UsageError) { options = try CipherOptions(&args, what: "TEXT") }

    func run(_ io: IO) async throws -> ExitCode {
        let peer = options.peer, nip04 = options.nip04
        return try await options.run(io, command: "encrypt") { text, secret in
            nip04 ? try NIP04.encrypt(text, from: secret, to: peer) : try NIP44.encrypt(text, from: secret, to: peer)
        }
    }
}
