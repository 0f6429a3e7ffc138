import NostrCore

/// `filter`: print the stdin events that match the filter flags (offline).
struct FilterCommand: Command {
    static let name = "filter"
    static let abstract = "Print the stdin events that match a filter, offline."
    static let usage = """
        usage: nak-swift filter [filter flags] < events.jsonl

        \(FilterOptions.help)

        Each matching event is printed as it came. A line that is not an event is reported and the
        run exits 123. --limit stops after N matches.

        example:
          nak-swift filter -k 1 -a $PUBKEY -t t=nostr < events.jsonl
        """

    let options: FilterOptions

    init(_ args: inout Arguments) throws(UsageError) {
        options = try FilterOptions(&args)
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let filter = options.filter
        var printed = 0
        for await item in io.jsonItems() {
            if let limit = filter.limit, printed >= limit { break }
            let event: Event
            do { event = try Event(json: item.bytes) } catch {
                io.itemFailed("line \(item.line): \(error)")
                continue
            }
            guard filter.matches(event) else { continue }
            io.print(item.text.contains("\n") ? event.json : item.text)
            printed += 1
        }
        return .ok
    }
}
