import NostrCore

/// `verify`: check the id and signature of every stdin event.
struct VerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Check id and signature of stdin events; silent on success, one error line per bad event."
    static let usage = """
        usage: nak-swift verify < events.jsonl

        Exits 0 when every event checks out, 123 when any does not (each named on stderr, in input order).

        example:
          nak-swift event --sec $SEC -c hi | nak-swift verify && echo valid
        """

    /// Events are verified in batches on every core; errors are still reported in input order.
    static let batchSize = 2048

    init(_ args: inout Arguments) throws(UsageError) {
        try args.expectEnd()
    }

    /// One input item: parsed, or the reason it could not be.
    private enum Pending {
        case event(line: Int, Event)
        case unparsable(line: Int, EventError)
    }

    func run(_ io: IO) async throws -> ExitCode {
        var pending: [Pending] = []
        var count = 0
        for await item in io.jsonItems() {
            count += 1
            do { pending.append(.event(line: item.line, try Event(json: item.bytes))) } catch {
                pending.append(.unparsable(line: item.line, error))
            }
            if pending.count >= Self.batchSize { report(pending, io); pending.removeAll(keepingCapacity: true) }
        }
        report(pending, io)
        io.verbose("verified \(count) events, \(io.failedItems) bad")
        return .ok
    }

    private func report(_ batch: [Pending], _ io: IO) {
        let events = batch.compactMap { p -> Event? in if case let .event(_, e) = p { e } else { nil } }
        var results = BatchVerifier.verify(events).makeIterator()
        for p in batch {
            switch p {
            case let .unparsable(line, error):
                io.itemFailed("line \(line): \(error)")
            case let .event(line, event):
                if case let error?? = results.next() { io.itemFailed("line \(line): event \(event.id.hex): \(error)") }
            }
        }
    }
}
