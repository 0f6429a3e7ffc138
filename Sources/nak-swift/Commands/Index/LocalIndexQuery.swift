import Glibc
import NostrCore

/// `req` without relays: the filter (flags, or each stdin filter JSON modified by the flags) against
/// the local index, printing the stored JSON of each match, newest first.
enum LocalIndexQuery {
    static func run(_ flags: Filter, network: NetworkOptions, io: IO) async throws -> ExitCode {
        let path = network.db ?? NetworkOptions.defaultIndexPath(io.environment)
        if path != ":memory:" && access(path, F_OK) != 0 {
            throw CLIError.invalidInput(what: "no local index at \(path)",
                                        reason: "import events first ('nak-swift import FILE.jsonl'), pass --db PATH, or give a relay")
        }
        // Read-only: safe while `serve` or an import writes the same file.
        let store = try EventStore(path: path, readOnly: path != ":memory:")
        for try await item in io.jsonItemsOrBlank() {
            var f = flags
            if let item {
                do {
                    f = try Filter(json: JSONValue.parse(item.bytes)).applying(flags)
                } catch {
                    io.itemFailed("req: line \(item.line): not a filter: \(error)")
                    continue
                }
            }
            for raw in try store.queryRaw([f]) { io.write(raw + [0x0A]) }
        }
        return .ok
    }
}
