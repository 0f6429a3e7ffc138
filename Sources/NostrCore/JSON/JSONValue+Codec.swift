extension JSONValue {
    /// Parses exactly one JSON value; trailing non-whitespace and nesting deeper than 512 are rejected.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
        try JSONCursor.with(bytes) { (c: inout JSONCursor) throws(JSONError) -> JSONValue in
            let v = try c.readValue()
            try c.expectEnd()
            return v
        }
    }

    /// Parses exactly one JSON value from text.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try JSONCursor.with(text) { (c: inout JSONCursor) throws(JSONError) -> JSONValue in
            let v = try c.readValue()
            try c.expectEnd()
            return v
        }
    }

    /// Compact JSON with object keys sorted, escaped as `JSONWriter` does.
    public var serialized: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// The UTF-8 bytes of `serialized`.
    public var serializedBytes: [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendValue(self, to: &out)
        return out
    }
}
