/// What a bulk import did, counted by outcome.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
    /// Non-blank input lines read.
    public var lines = 0
    /// Events stored as new.
    public var stored = 0
    /// Events already in the index (or repeated in the input).
    public var duplicates = 0
    /// Events stored in place of an older replaceable or addressable version.
    public var replaced = 0
    /// Older replaceable or addressable versions neither verified nor written: a newer version in the same import was kept.
    public var superseded = 0
    /// Lines that are not an event's JSON.
    public var unparsable = 0
    /// Rejected events, by `RejectReason.name` ("invalid signature", "deleted", …).
    public var rejected: [String: Int] = [:]

    public init() {}

    /// All rejected events.
    public var rejectedTotal: Int { rejected.values.reduce(0, +) }

    mutating func count(_ result: SaveResult) {
        switch result {
        case .stored: stored += 1
        case .duplicate: duplicates += 1
        case .replaced: replaced += 1
        case let .rejected(reason): rejected[reason.name, default: 0] += 1
        }
    }

    public var description: String {
        var s = "\(lines) lines: \(stored) stored, \(replaced) replaced, "
        if superseded > 0 { s += "\(superseded) superseded, " }
        s += "\(duplicates) duplicates, \(rejectedTotal) rejected"
        if !rejected.isEmpty {
            s += " (" + rejected.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
        }
        if unparsable > 0 { s += ", \(unparsable) unparsable" }
        return s
    }
}

/// Where a running import is, reported after each written batch (and once more after a replay).
public struct ImportProgress: Sendable {
    /// Counts so far (written; committed with the import's current transaction).
    public let summary: ImportSummary
    /// Input bytes consumed so far, across all files.
    public let bytesRead: Int
    /// The total input size when known (regular files), for an ETA.
    public let totalBytes: Int?
}
