import Foundation
import NostrCore

/// `--db PATH|:memory:`: which local index a command uses.
/// The default is `$XDG_DATA_HOME/nak-swift/events.sqlite` (`~/.local/share/nak-swift/events.sqlite`).
struct DatabaseOptions: Sendable {
    static let help = """
              --db PATH          the local index (default $XDG_DATA_HOME/nak-swift/events.sqlite; :memory: for none)
        """

    /// The path given with `--db`, or nil for the default.
    let explicitPath: String?

    init(_ args: inout Arguments) throws(UsageError) {
        explicitPath = try args.option("--db")
        if explicitPath?.isEmpty == true { throw .invalidValue(flag: "--db", value: "", expected: "a file path or :memory:") }
    }

    /// The database path for this environment.
    func path(_ environment: [String: String]) -> String {
        if let explicitPath { return explicitPath }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return data + "/nak-swift/events.sqlite"
    }

    /// Opens the index, creating its folder (0700) when it is the default one and does not exist yet.
    func open(_ environment: [String: String], readOnly: Bool = false) throws -> EventStore {
        let p = path(environment)
        if p != ":memory:" && !readOnly {
            let dir = (p as NSString).deletingLastPathComponent
            if !dir.isEmpty && !FileManager.default.fileExists(atPath: dir) {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        }
        return try EventStore(path: p, readOnly: readOnly)
    }
}
