#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the event index could not do what was asked. SQLite failures keep the result code, SQLite's
/// message and the SQL text, never bound values or event content.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite returned `code` for `sql` (nil when no statement was involved, e.g. opening).
    case sqlite(code: Int32, message: String, sql: String?)
    /// The store was opened read-only and something tried to write.
    case readOnly
    /// The database was written by a newer schema than this build knows.
    case unknownMigrations([String])
    /// Stored data is damaged (`what` never holds event content).
    case corrupt(what: String)
    /// A file to import could not be read.
    case unreadable(path: String, errno: Int32)

    /// The SQLite result code, when the error came from SQLite.
    public var code: Int32? {
        if case let .sqlite(code, _, _) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case let .sqlite(code, message, sql):
            if let sql { return "SQLite error \(code): \(message) (in: \(sql))" }
            return "SQLite error \(code): \(message)"
        case .readOnly:
            return "the event store was opened read-only; open it without readOnly to write"
        case let .unknownMigrations(ids):
            return "the database has migrations this build does not know (\(ids.joined(separator: ", "))); use a newer nak-swift"
        case let .corrupt(what):
            return "the event store is damaged: \(what); run `PRAGMA integrity_check` or re-import"
        case let .unreadable(path, errno):
            return "cannot read \(path): \(String(cString: strerror(errno)))"
        }
    }
}
