import NostrCore

/// `encode npub`.
struct EncodeNpubCommand: Command {
    static let name = "npub"
    static let abstract = "Public keys (hex) to npub."
    static let usage = "usage: nak-swift encode npub PUBKEY…\n\nexample:\n  nak-swift encode npub 79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    let values: EncodeValues
    init(_ args: inout Arguments) throws(UsageError) {
        values = EncodeValues(values: args.remainingPositionals(), secret: false)
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        try await values.run(io, what: "public key") { (try? PublicKey(hex: $0))?.npub }
    }
}
