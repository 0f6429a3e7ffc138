import NostrCore

/// Why a piped item could not be used as an event (the item is skipped and the run exits 123).
enum EventInputError: Error, CustomStringConvertible {
    case notJSON(line: Int, JSONError)
    case notAnObject(line: Int)
    case badField(line: Int, field: String, expected: String)
    case badSignedEvent(line: Int, EventError)

    var description: String {
        switch self {
        case let .notJSON(line, e): "line \(line): \(e)"
        case let .notAnObject(line): "line \(line): not a JSON object"
        case let .badField(line, field, expected): "line \(line): field \"\(field)\" should be \(expected)"
        case let .badSignedEvent(line, e): "line \(line): \(e)"
        }
    }
}

/// The fields of a piped event, any of which may be missing (`{"kind":1,"content":"hi"}` works).
struct EventDraft {
    var kind: Kind?
    var content: String?
    var tags: [Tag] = []
    var createdAt: Int64?
    /// Set when the input was a complete signed event (id and signature are checked).
    var signed: Event?

    init() {}

    init(json item: InputItem) throws(EventInputError) {
        let value: JSONValue
        do { value = try JSONValue.parse(item.bytes) } catch { throw .notJSON(line: item.line, error) }
        guard case let .object(o) = value else { throw .notAnObject(line: item.line) }
        if o["id"] != nil, o["sig"] != nil, o["pubkey"] != nil {
            do {
                let e = try Event(json: item.bytes)
                try e.verify()
                signed = e
            } catch { throw .badSignedEvent(line: item.line, error) }
        }
        if let k = o["kind"] {
            guard let v = k.intValue, (0...65535).contains(v) else { throw .badField(line: item.line, field: "kind", expected: "an integer 0–65535") }
            kind = Kind(Int(v))
        }
        if let c = o["content"] {
            guard let s = c.stringValue else { throw .badField(line: item.line, field: "content", expected: "a string") }
            content = s
        }
        if let t = o["created_at"] {
            guard let v = t.intValue else { throw .badField(line: item.line, field: "created_at", expected: "an integer") }
            createdAt = v
        }
        if let t = o["tags"] {
            guard let list = t.arrayValue else { throw .badField(line: item.line, field: "tags", expected: "an array of arrays of strings") }
            for entry in list {
                guard let fields = entry.arrayValue?.compactMap(\.stringValue), fields.count == entry.arrayValue?.count else {
                    throw .badField(line: item.line, field: "tags", expected: "an array of arrays of strings")
                }
                tags.append(Tag(fields))
            }
        }
    }
}
