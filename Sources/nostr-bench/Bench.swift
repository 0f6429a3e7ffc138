import Foundation

/// One `nostr-bench` subcommand; each lives in its own file and is listed in `Bench.commands`.
protocol BenchCommand: Sendable {
    /// The subcommand name (`core`, `ingest`, …).
    static var name: String { get }
    /// One line for the usage text.
    static var abstract: String { get }
    /// Runs with the arguments after the name; prints JSON to stdout, progress to stderr.
    static func run(_ args: [String]) async throws -> Int32
}

/// The `nostr-bench` dispatcher: `nostr-bench core|ingest|query|relay|dm|bunker|push|all [ARGS]`.
enum Bench {
    /// Every subcommand, in the order `all` runs them. Add yours here (one line).
    static let commands: [any BenchCommand.Type] = [
        CoreBench.self,
        IngestBench.self,
        QueryBench.self,
        RelayBench.self,
        DMBench.self,
        PushBench.self,
        BunkerBench.self,
    ]

    static func main() async {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let name = args.first, name != "-h", name != "--help" else {
            usage()
            exit(args.isEmpty ? 2 : 0)
        }
        do {
            if name == "all" {
                var worst: Int32 = 0
                for c in commands {
                    log("== \(c.name)")
                    worst = max(worst, try await c.run([]))
                }
                exit(worst)
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                log("nostr-bench: unknown subcommand \"\(name)\"")
                usage()
                exit(2)
            }
            exit(try await command.run(Array(args.dropFirst())))
        } catch {
            log("nostr-bench \(name): \(error)")
            exit(1)
        }
    }

    static func usage() {
        var text = "usage: nostr-bench <subcommand> [args]\n"
        for c in commands { text += "  \(c.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(c.abstract)\n" }
        text += "  all      run every subcommand with its defaults\n"
        log(text)
    }

    /// Progress and errors go to stderr so stdout stays JSON.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}
