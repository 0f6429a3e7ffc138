extension Filter {
    /// A filter from its JSON object. Unknown keys are rejected (NIP-01 relays answer those with
    /// `CLOSED "unsupported: …"`); ids and authors must be 64 lower-case hex characters.
    public init(json: JSONValue) throws(FilterError) {
        guard case let .object(members) = json else { throw .invalidField("filter", "must be a JSON object") }
        self.init()
        for (key, value) in members {
            switch key {
            case "ids": ids = try Self.hexList(value, key).map { EventID(unchecked: $0) }
            case "authors": authors = try Self.hexList(value, key).map { PublicKey(unchecked: $0) }
            case "kinds":
                guard let items = value.arrayValue else { throw .invalidField(key, "must be an array of integers") }
                kinds = try items.map { (v: JSONValue) throws(FilterError) -> Kind in
                    guard case let .int(k) = v, (0...65535).contains(k) else {
                        throw .invalidField(key, "must be an array of integers from 0 to 65535")
                    }
                    return Kind(Int(k))
                }
            case "since": since = try Self.integer(value, key)
            case "until": until = try Self.integer(value, key)
            case "limit":
                let n = try Self.integer(value, key)
                guard n >= 0, let l = Int(exactly: n) else { throw .invalidField(key, "must not be negative") }
                limit = l
            case "search":
                guard let s = value.stringValue else { throw .invalidField(key, "must be a string") }
                search = s
            default:
                let u = Array(key.utf8)
                guard u.count == 2, u[0] == 0x23, (0x41...0x5A).contains(u[1]) || (0x61...0x7A).contains(u[1]) else {
                    throw .invalidField(key, "is not a filter field (tag filters are \"#\" and one letter a-z or A-Z)")
                }
                guard let items = value.arrayValue else { throw .invalidField(key, "must be an array of strings") }
                tags[String(key.dropFirst())] = try items.map { (v: JSONValue) throws(FilterError) -> String in
                    guard let s = v.stringValue else { throw .invalidField(key, "must be an array of strings") }
                    return s
                }
            }
        }
    }

    /// A filter from JSON text.
    public init(json: String) throws(FilterError) {
        let value: JSONValue
        do { value = try JSONValue.parse(json) } catch { throw .malformed(error) }
        try self.init(json: value)
    }

    /// The filter as a JSON object (absent fields left out).
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = [:]
        if let ids { o["ids"] = .array(ids.map { .string($0.hex) }) }
        if let authors { o["authors"] = .array(authors.map { .string($0.hex) }) }
        if let kinds { o["kinds"] = .array(kinds.map { .int(Int64($0.rawValue)) }) }
        for (name, values) in tags { o["#" + name] = .array(values.map(JSONValue.string)) }
        if let since { o["since"] = .int(since) }
        if let until { o["until"] = .int(until) }
        if let limit { o["limit"] = .int(Int64(limit)) }
        if let search { o["search"] = .string(search) }
        return .object(o)
    }

    /// Compact JSON with keys sorted.
    public var json: String { jsonValue.serialized }

    private static func integer(_ v: JSONValue, _ key: String) throws(FilterError) -> Int64 {
        guard case let .int(n) = v else { throw .invalidField(key, "must be an integer") }
        return n
    }

    private static func hexList(_ v: JSONValue, _ key: String) throws(FilterError) -> [[UInt8]] {
        let why = "must be an array of 64-character lower-case hex strings"
        guard let items = v.arrayValue else { throw .invalidField(key, why) }
        return try items.map { (item: JSONValue) throws(FilterError) -> [UInt8] in
            guard let s = item.stringValue, s.utf8.count == 64,
                  s.utf8.allSatisfy({ EventParser.lowerHexNibble($0) <= 0x0F }), let b = Hex.decode(s)
            else { throw .invalidField(key, why) }
            return b
        }
    }
}
