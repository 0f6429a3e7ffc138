/// `index`: look after the local index.
struct IndexCommand: CommandGroup {
    static let name = "index"
    static let abstract = "Inspect the local event index (see also 'import' and 'req' without relays)."
    static let usage = "usage: nak-swift index stats [--db PATH]"
    static let subcommands: [any Command.Type] = [
        IndexStatsCommand.self,
    ]
}
