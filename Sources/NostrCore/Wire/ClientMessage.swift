/// A message from client to relay (NIP-01 EVENT/REQ/CLOSE, NIP-42 AUTH, NIP-45 COUNT).
/// https://github.com/nostr-protocol/nips/blob/master/01.md
public enum ClientMessage: Sendable, Hashable {
    case event(Event)
    case req(subscriptionID: String, filters: [Filter])
    case close(subscriptionID: String)
    case auth(Event)
    case count(subscriptionID: String, filters: [Filter])

    /// Parses a message; an EVENT/AUTH event is read once and keeps its bytes as `raw`.
    @inlinable
    public init(json: some Collection<UInt8>) throws(WireError) {
        let r = json.withContiguousStorageIfAvailable { ClientMessage.parseResult(utf8: $0) }
        self = try (r ?? Array(json).withUnsafeBufferPointer { ClientMessage.parseResult(utf8: $0) }).get()
    }

    @usableFromInline
    static func parseResult(utf8 buf: UnsafeBufferPointer<UInt8>) -> Result<ClientMessage, WireError> {
        Result { () throws(WireError) -> ClientMessage in try parse(buf) }
    }

    private static func parse(_ buf: UnsafeBufferPointer<UInt8>) throws(WireError) -> ClientMessage {
        try MessageReader.read(buf) { (r: inout MessageReader) throws(WireError) -> ClientMessage in
            let type = try r.begin()
            switch type {
            case "EVENT":
                let e = try r.event()
                try r.end()
                return .event(e)
            case "AUTH":
                let e = try r.event()
                try r.end()
                return .auth(e)
            case "REQ":
                let sub = try r.subscriptionID()
                return .req(subscriptionID: sub, filters: try r.filters())
            case "COUNT":
                let sub = try r.subscriptionID()
                return .count(subscriptionID: sub, filters: try r.filters())
            case "CLOSE":
                let sub = try r.subscriptionID()
                try r.end()
                return .close(subscriptionID: sub)
            default:
                throw .unknownType(type)
            }
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
        case let .event(e):
            var w = MessageWriter("EVENT")
            w.raw(e.jsonBytes)
            return w.finish()
        case let .auth(e):
            var w = MessageWriter("AUTH")
            w.raw(e.jsonBytes)
            return w.finish()
        case let .req(sub, filters), let .count(sub, filters):
            var w = MessageWriter(self.isCount ? "COUNT" : "REQ")
            w.string(sub)
            for f in filters { w.value(f.jsonValue) }
            return w.finish()
        case let .close(sub):
            var w = MessageWriter("CLOSE")
            w.string(sub)
            return w.finish()
        }
    }

    private var isCount: Bool { if case .count = self { true } else { false } }
}
