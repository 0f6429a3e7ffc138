import NostrCore

/// `verify`: check the id and signature of every stdin event.
struct VerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Check id and signature of stdin events; silent on success, one error line per bad event."
    static let usage = """
        usage: nak-swift verify < events.jsonl

        Exits 0 when every event checks out, 123 when any does not (each named on stderr).

        example:
          nak-swift event --sec $SEC -c hi | nak-swift verify && echo valid
        """

    init(_ args: inout Arguments) throws(UsageError) {
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        var count = 0
        for await item in io.jsonItems() {
            count += 1
            let event: Event
            do { event = try Event(json: item.bytes) } catch {
                io.itemFailed("line \(item.line): \(error)")
                continue
            }
            do { try event.verify() } catch {
                io.itemFailed("line \(item.line): event \(event.id.hex): \(error)")
            }
        }
        io.verbose("verified \(count) events, \(io.failedItems) bad")
        return .ok
    }
}
