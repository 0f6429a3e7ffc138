/// A message from relay to client (NIP-01 EVENT/OK/EOSE/CLOSED/NOTICE, NIP-42 AUTH, NIP-45 COUNT).
/// https://github.com/nostr-protocol/nips/blob/master/01.md
public enum RelayMessage: Sendable, Hashable {
    case event(subscriptionID: String, event: Event)
    case ok(eventID: EventID, accepted: Bool, message: String)
    case eose(subscriptionID: String)
    case closed(subscriptionID: String, message: String)
    case notice(String)
    case auth(challenge: String)
    case count(subscriptionID: String, count: Int)

    /// Parses a message; an EVENT's event is read once and keeps its bytes as `raw`.
    /// The message of OK and CLOSED may be missing (read as "") although NIP-01 asks relays to send it.
    @inlinable
    public init(json: some Collection<UInt8>) throws(WireError) {
        let r = json.withContiguousStorageIfAvailable { RelayMessage.parseResult(utf8: $0) }
        self = try (r ?? Array(json).withUnsafeBufferPointer { RelayMessage.parseResult(utf8: $0) }).get()
    }

    @usableFromInline
    static func parseResult(utf8 buf: UnsafeBufferPointer<UInt8>) -> Result<RelayMessage, WireError> {
        Result { () throws(WireError) -> RelayMessage in try parse(buf) }
    }

    private static func parse(_ buf: UnsafeBufferPointer<UInt8>) throws(WireError) -> RelayMessage {
        try MessageReader.read(buf) { (r: inout MessageReader) throws(WireError) -> RelayMessage in
            let type = try r.begin()
            let message: RelayMessage
            switch type {
            case "EVENT":
                let sub = try r.subscriptionID()
                message = .event(subscriptionID: sub, event: try r.event())
            case "OK":
                let idText = try r.string("event id")
                guard idText.utf8.count == 64, idText.utf8.allSatisfy({ EventParser.lowerHexNibble($0) <= 0x0F }),
                      let id = try? EventID(hex: idText)
                else { throw r.invalid("event id", "must be 64 lower-case hex characters", at: r.lastStart) }
                guard case let .bool(accepted) = try r.value("accepted flag") else {
                    throw r.invalid("accepted flag", "must be true or false", at: r.lastStart)
                }
                let text = try r.hasMore() ? try r.string("message", first: true) : ""
                message = .ok(eventID: id, accepted: accepted, message: text)
            case "EOSE":
                message = .eose(subscriptionID: try r.subscriptionID())
            case "CLOSED":
                let sub = try r.subscriptionID()
                let text = try r.hasMore() ? try r.string("message", first: true) : ""
                message = .closed(subscriptionID: sub, message: text)
            case "NOTICE":
                message = .notice(try r.string("notice"))
            case "AUTH":
                message = .auth(challenge: try r.string("challenge"))
            case "COUNT":
                let sub = try r.subscriptionID()
                guard case let .int(n)? = try r.value("count")["count"], n >= 0, let count = Int(exactly: n) else {
                    throw r.invalid("count", "must be an object with a non-negative integer \"count\"", at: r.lastStart)
                }
                message = .count(subscriptionID: sub, count: count)
            default:
                throw .unknownType(type)
            }
            try r.end()
            return message
        }
    }

    /// Parses a message from text.
    public init(json: String) throws(WireError) {
        try self.init(json: Array(json.utf8))
    }

    /// The compact JSON; events are written from their `raw` bytes when they have them.
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The UTF-8 bytes of `json`.
    public var jsonBytes: [UInt8] {
        switch self {
        case let .event(sub, e):
            return Self.eventBytes(subscriptionID: sub, eventJSON: e.jsonBytes)
        case let .ok(id, accepted, text):
            var w = MessageWriter("OK")
            w.string(id.hex)
            w.value(.bool(accepted))
            w.string(text)
            return w.finish()
        case let .eose(sub):
            var w = MessageWriter("EOSE")
            w.string(sub)
            return w.finish()
        case let .closed(sub, text):
            var w = MessageWriter("CLOSED")
            w.string(sub)
            w.string(text)
            return w.finish()
        case let .notice(text):
            var w = MessageWriter("NOTICE")
            w.string(text)
            return w.finish()
        case let .auth(challenge):
            var w = MessageWriter("AUTH")
            w.string(challenge)
            return w.finish()
        case let .count(sub, n):
            var w = MessageWriter("COUNT")
            w.string(sub)
            w.value(.object(["count": .int(Int64(n))]))
            return w.finish()
        }
    }

    /// `["EVENT",<sub>,<event>]` around event JSON that is already serialized (a stored `raw`).
    public static func eventBytes(subscriptionID: String, eventJSON: [UInt8]) -> [UInt8] {
        var w = MessageWriter("EVENT")
        w.string(subscriptionID)
        w.raw(eventJSON)
        return w.finish()
    }
}
