import NostrCore

/// `decrypt`: NIP-44 (default) or NIP-04 decryption of payloads from `-p`.
struct DecryptCommand: Command {
    static let name = "decrypt"
    static let abstract = "Decrypt a NIP-44 (default) or NIP-04 payload from a public key."
    static let usage = """
        usage: nak-swift decrypt -p PUBKEY [--nip04] [--sec KEY] [PAYLOAD…]

        Without PAYLOAD, each stdin line is decrypted separately; one text per line.

        example:
          nak-swift decrypt --sec $SEC -p $THEIR_PUBKEY "$PAYLOAD"
        """
    let options: CipherOptions
    init(_ args: inout Arguments) throws(UsageError) { options = try CipherOptions(&args, what: "PAYLOAD") }

    func run(_ io: IO) async throws -> ExitCode {
        let peer = options.peer, nip04 = options.nip04
        return try await options.run(io, command: "decrypt") { payload, secret in
            let p = payload.trimmingSpaces
            return nip04 ? try NIP04.decrypt(p, to: secret, from: peer) : try NIP44.decrypt(p, to: secret, from: peer)
        }
    }
}
