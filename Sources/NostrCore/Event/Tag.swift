/// One tag: a name followed by values (`["e", "<id>", "<relay>", "reply"]`).
public struct Tag: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// All fields, the name first.
    public var fields: [String]
    public init(_ fields: [String]) { self.fields = fields }
    public init(arrayLiteral elements: String...) { self.fields = elements }

    /// The tag name (first field), or "" for an empty tag.
    public var name: String { fields.first ?? "" }
    /// The first value (second field), if any.
    public var value: String? { fields.count > 1 ? fields[1] : nil }
    /// The field at `i`, if present.
    public subscript(i: Int) -> String? { i < fields.count ? fields[i] : nil }
    public var description: String { fields.description }
}
