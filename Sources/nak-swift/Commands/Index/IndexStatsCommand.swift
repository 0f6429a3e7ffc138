import NostrCore

/// `index stats`: what the local index holds, as one JSON object.
struct IndexStatsCommand: Command {
    static let name = "stats"
    static let abstract = "Print event, author, tag and deletion counts, time range, top kinds and size as JSON."
    static let usage = """
        usage: nak-swift index stats [--db PATH]

        \(DatabaseOptions.help)

        example:
          nak-swift index stats --db events.sqlite
        """

    let database: DatabaseOptions

    init(_ args: inout Arguments) throws(UsageError) {
        database = try DatabaseOptions(&args)
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let path = database.path(io.environment)
        let store = try database.open(io.environment, readOnly: path != ":memory:")
        let s = try store.stats()
        let kinds = s.topKinds.map { "{\"kind\":\($0.kind.rawValue),\"count\":\($0.count)}" }.joined(separator: ",")
        var fields = [
            "\"path\":\(JSONValue.string(path).serialized)",
            "\"events\":\(s.events)", "\"authors\":\(s.authors)", "\"tags\":\(s.tagRows)",
            "\"deleted_ids\":\(s.deletedIDs)", "\"deleted_addresses\":\(s.deletedAddresses)",
        ]
        if let o = s.oldest, let n = s.newest { fields += ["\"oldest\":\(o)", "\"newest\":\(n)"] }
        fields += ["\"bytes\":\(s.bytes)", "\"kinds\":[\(kinds)]"]
        io.print("{" + fields.joined(separator: ",") + "}")
        return .ok
    }
}
