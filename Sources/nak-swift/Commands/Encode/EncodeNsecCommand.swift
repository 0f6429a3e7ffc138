import NostrCore

/// `encode nsec`.
struct EncodeNsecCommand: Command {
    static let name = "nsec"
    static let abstract = "Secret keys (hex) to nsec."
    static let usage = "usage: nak-swift encode nsec SEC…\n\nexample:\n  nak-swift key generate | nak-swift encode nsec"
    let values: EncodeValues
    init(_ args: inout Arguments) throws(UsageError) {
        values = EncodeValues(values: args.remainingPositionals(), secret: true)
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        try await values.run(io, what: "secret key") { (try? SecretKey(hex: $0))?.nsec }
    }
}
