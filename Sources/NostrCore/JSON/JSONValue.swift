/// A JSON document as a value. Integers that fit in `Int64` stay exact; other numbers are `Double`.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue {
    /// The value under `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        if case let .array(a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? { if case let .string(s) = self { s } else { nil } }
    /// The integer, when this is an integer (or a double with an exact Int64 value).
    public var intValue: Int64? {
        switch self {
        case let .int(i): i
        case let .double(d):
            // Int64(exactly:) would pull in libm's rounding functions, which nothing else links.
            if d >= -9.223372036854775e18 && d < 9.223372036854775e18, Double(Int64(d)) == d { Int64(d) } else { nil }
        default: nil
        }
    }
    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case let .int(i): Double(i)
        case let .double(d): d
        default: nil
        }
    }
    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? { if case let .bool(b) = self { b } else { nil } }
    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { a } else { nil } }
    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? { if case let .object(o) = self { o } else { nil } }
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { true } else { false } }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { serialized }
}
