/// HTTP header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields as received or to be sent.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from name/value pairs.
    public init(_ pairs: [(String, String)]) { fields = pairs.map { (name: $0.0, value: $0.1) } }

    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    /// Sets a field, replacing any others of the same name.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) { fields.removeAll { Self.same($0.name, name) } }

    /// The first value of `name`.
    public subscript(_ name: String) -> String? { fields.first { Self.same($0.name, name) }?.value }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] { fields.filter { Self.same($0.name, name) }.map(\.value) }

    /// Whether a comma-separated header such as `Connection: keep-alive, Upgrade` lists `token` (any case).
    public func contains(_ name: String, token: String) -> Bool {
        values(name).contains { v in
            v.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == token.lowercased() }
        }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
