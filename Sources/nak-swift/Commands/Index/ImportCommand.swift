import Foundation
import NostrCore

/// `import FILE.jsonl…`: bulk, verified ingest into the local index.
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import JSONL events into the local index (verified on all cores), with a progress bar."
    static let usage = """
        usage: nak-swift import [--db PATH] [--batch N] FILE.jsonl…

        Each line of each FILE is one event; '-' (or no FILE with piped stdin) reads stdin. Events are
        verified, then stored under the relay rules (replaceable, NIP-09 deletions, NIP-40 expiration).
        Progress goes to stderr when it is a terminal; a summary line at the end. Exits 123 when a line
        is not an event or an event is invalid.

        \(DatabaseOptions.help)
              --batch N          events verified together per batch (default 1000; a transaction holds 32 MiB of JSON)

        example:
          nak-swift import --db events.sqlite corpora/events/events.jsonl
        """

    let database: DatabaseOptions
    let batch: Int
    let files: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        database = try DatabaseOptions(&args)
        batch = try args.option("--batch", as: Int.self) ?? 1_000
        guard batch > 0 else { throw .invalidValue(flag: "--batch", value: String(batch), expected: "a positive integer") }
        files = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        var paths = files.map { $0 == "-" ? "/dev/stdin" : $0 }
        if paths.isEmpty {
            guard !io.stdinIsTerminal else { throw UsageError.missingArgument("FILE.jsonl") }
            paths = ["/dev/stdin"]
        }
        let store = try database.open(io.environment)
        let showProgress = io.stderrIsTerminal && !io.output.quiet
        let bar = ProgressBox()
        let started = Date()
        let summary = try store.importJSONL(paths: paths, batchSize: batch) { p in
            if showProgress { bar.line.draw(p) }
        }
        if showProgress { bar.line.finish() }
        let seconds = Date().timeIntervalSince(started)
        let rate = seconds > 0 ? Int(Double(summary.lines) / seconds) : summary.lines
        io.log("imported \(summary) in \(String(format: "%.1f", seconds)) s (\(rate) events/s) into \(database.path(io.environment))")
        let invalid = summary.rejected.filter { $0.key.hasPrefix("invalid") }.values.reduce(0, +)
        return summary.unparsable + invalid > 0 ? .itemFailed : .ok
    }
}

/// Holds the progress line across callback calls. `@unchecked Sendable`: the import calls its
/// progress callback on the calling thread only, one call at a time.
private final class ProgressBox: @unchecked Sendable {
    var line = ProgressLine()
}
