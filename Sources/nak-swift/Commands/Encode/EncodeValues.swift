import NostrCore

/// The shared body of the `encode` subcommands: each value from the arguments or stdin lines
/// becomes one NIP-19 code; a bad value is reported (never echoed when it may be a secret).
struct EncodeValues: Sendable {
    let values: [String]
    /// Whether values are secret keys (then they are never echoed in errors).
    let secret: Bool

    func run(_ io: IO, what: String, _ encode: (String) -> String?) async throws -> ExitCode {
        if !values.isEmpty {
            for (i, v) in values.enumerated() { one(v, label: "argument \(i + 1)", io, what, encode) }
            return .ok
        }
        var any = false
        for await line in io.lines() {
            any = true
            one(line.text.trimmingSpaces, label: "line \(line.line)", io, what, encode)
        }
        if !any { throw UsageError.missingArgument(what.uppercased()) }
        return .ok
    }

    private func one(_ v: String, label: String, _ io: IO, _ what: String, _ encode: (String) -> String?) {
        if let code = encode(v) { io.print(code); return }
        io.itemFailed(secret ? "encode: \(label): not a valid \(what)" : "encode: \(label): '\(v)' is not a valid \(what)")
    }
}
