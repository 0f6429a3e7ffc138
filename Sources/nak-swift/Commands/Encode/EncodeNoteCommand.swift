import NostrCore

/// `encode note`.
struct EncodeNoteCommand: Command {
    static let name = "note"
    static let abstract = "Event ids (hex) to note."
    static let usage = "usage: nak-swift encode note ID…\n\nexample:\n  nak-swift encode note $ID"
    let values: EncodeValues
    init(_ args: inout Arguments) throws(UsageError) {
        values = EncodeValues(values: args.remainingPositionals(), secret: false)
        try args.expectEnd()
    }
    func run(_ io: IO) async throws -> ExitCode {
        try await values.run(io, what: "event id") { (try? EventID(hex: $0))?.note }
    }
}
