/// A value bound to or read from SQL, for modules that keep their own tables in the store.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])

    /// The integer, if this is one.
    public var int64: Int64? { if case let .integer(v) = self { return v }; return nil }
    /// The text, if this is text.
    public var string: String? { if case let .text(v) = self { return v }; return nil }
    /// The bytes, if this is a blob (or text, as UTF-8).
    public var bytes: [UInt8]? {
        switch self {
        case let .blob(v): v
        case let .text(v): Array(v.utf8)
        default: nil
        }
    }
}

// Not ExpressibleByNilLiteral: `scalar(...) != nil` would then compare with `.null` and lie.
extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}
