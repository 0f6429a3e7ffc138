import NostrCore

/// A stdin event turned into a NIP-59 rumor: missing fields get defaults (the signer's pubkey, now,
/// kind 1, no tags, empty content) and any `id`/`sig` is dropped, because a rumor is unsigned (NIP-59 §2).
enum RumorTemplate {
    /// Why a stdin item cannot be a rumor.
    enum Failure: Error, CustomStringConvertible {
        case notJSON(JSONError)
        case notAnObject
        case badField(String, String)
        case otherAuthor(PublicKey)

        var description: String {
            switch self {
            case let .notJSON(e): "not JSON: \(e)"
            case .notAnObject: "expected an event object"
            case let .badField(name, why): "field \"\(name)\" \(why)"
            case let .otherAuthor(pk): "the event's pubkey \(pk.hex) is not the --sec key; a seal must be signed by the rumor's author"
            }
        }
    }

    /// The rumor for `bytes`, authored by `author`.
    static func parse(_ bytes: [UInt8], author: PublicKey, now: Int64) throws(Failure) -> UnsignedEvent {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch { throw .notJSON(error) }
        guard let object = value.objectValue else { throw .notAnObject }

        if let text = object["pubkey"]?.stringValue {
            guard let pk = try? PublicKey(hex: text) else { throw .badField("pubkey", "is not a 64-character hex key") }
            guard pk == author else { throw .otherAuthor(pk) }
        }
        let createdAt = try int(object["created_at"], "created_at") ?? now
        let kind = try int(object["kind"], "kind") ?? 1
        guard (0...65535).contains(kind) else { throw .badField("kind", "must be between 0 and 65535") }
        var tags: [Tag] = []
        if let raw = object["tags"] {
            guard let list = raw.arrayValue else { throw .badField("tags", "must be an array of arrays of strings") }
            for tag in list {
                guard let fields = tag.arrayValue?.compactMap(\.stringValue), fields.count == tag.arrayValue?.count else {
                    throw .badField("tags", "must be an array of arrays of strings")
                }
                tags.append(Tag(fields))
            }
        }
        var content = ""
        if let raw = object["content"] {
            guard let text = raw.stringValue else { throw .badField("content", "must be a string") }
            content = text
        }
        return UnsignedEvent(pubkey: author, createdAt: createdAt, kind: Kind(Int(kind)), tags: tags, content: content)
    }

    private static func int(_ value: JSONValue?, _ name: String) throws(Failure) -> Int64? {
        guard let value, !value.isNull else { return nil }
        guard let v = value.intValue, v >= 0 else { throw .badField(name, "must be a non-negative integer") }
        return v
    }
}
