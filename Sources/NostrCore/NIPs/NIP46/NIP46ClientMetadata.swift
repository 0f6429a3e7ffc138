/// What a client says about itself: name, url, image. Unauthenticated (46.md "Client metadata"): shown to
/// the person, never used to decide anything.
public struct NIP46ClientMetadata: Sendable, Hashable {
    /// The client application's name.
    public var name: String?
    /// Its canonical url.
    public var url: String?
    /// A small image for it.
    public var image: String?

    /// Metadata; every field optional.
    public init(name: String? = nil, url: String? = nil, image: String? = nil) {
        self.name = name
        self.url = url
        self.image = image
    }

    /// Whether no field is set.
    public var isEmpty: Bool { name == nil && url == nil && image == nil }

    /// Parses the JSON object of `connect`'s fourth parameter (or the old `metadata=` query value);
    /// unknown fields and non-string values are ignored.
    public init(json: String) throws(NIP46Error) {
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch { throw .invalidMessage("client metadata is not JSON (\(error))") }
        guard case .object = value else { throw .invalidMessage("client metadata is not a JSON object") }
        self.init(name: Self.field(value["name"]), url: Self.field(value["url"]), image: Self.field(value["image"]))
    }

    /// The compact JSON object with the fields that are set.
    public var json: String {
        var o: [String: JSONValue] = [:]
        if let name { o["name"] = .string(name) }
        if let url { o["url"] = .string(url) }
        if let image { o["image"] = .string(image) }
        return JSONValue.object(o).serialized
    }

    /// One line for a person: `"My Client" (https://…)`, with control characters removed so a client cannot
    /// repaint the terminal.
    public var displayText: String {
        var parts: [String] = []
        if let name { parts.append("\"\(Self.printableText(name))\"") }
        if let url { parts.append("(\(Self.printableText(url)))") }
        return parts.isEmpty ? "(no name given)" : parts.joined(separator: " ")
    }

    static func field(_ v: JSONValue?) -> String? {
        guard let s = v?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    /// `s` without control characters (so a client cannot repaint the terminal), at most 200 characters.
    public static func printableText(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }).prefix(200))
    }
}
