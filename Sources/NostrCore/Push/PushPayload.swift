/// The three push payload shapes, told apart by their top-level keys:
/// APNs `{"aps":{…},"nostr_event":EVENT}`, FCM `{"encryptedEvent":WRAP}` and a bare event.
/// EVENT and WRAP may be a JSON object or a string holding one.
public enum PushPayload: Sendable, Equatable {
    /// An APNs payload: the event's JSON bytes.
    case apns(event: [UInt8])
    /// An FCM payload: the JSON bytes of the kind 1059 wrap encrypted to one of the accounts.
    case fcm(wrap: [UInt8])
    /// The payload is itself an event.
    case event([UInt8])

    /// The event JSON the payload carries.
    public var eventJSON: [UInt8] {
        switch self {
        case let .apns(b), let .fcm(b), let .event(b): b
        }
    }

    /// Detects the shape in one pass over the bytes, without building the `aps` dictionary or the event.
    public static func detect(_ bytes: some Collection<UInt8>) throws(PushError) -> PushPayload {
        let result: Result<PushPayload, PushError>
        do {
            result = try JSONCursor.with(bytes) { (c: inout JSONCursor) throws(JSONError) -> Result<PushPayload, PushError> in
                let scan = try scanObject(&c)
                try c.expectEnd()
                return scan
            }
        } catch {
            throw .malformedJSON(error)
        }
        return try result.get()
    }

    private static func scanObject(_ c: inout JSONCursor) throws(JSONError) -> Result<PushPayload, PushError> {
        guard try c.peek() == 0x7B else {
            try c.skipValue()
            return .failure(.unrecognizedPayload("the payload is not a JSON object"))
        }
        let start = c.pos
        c.pos += 1
        var apns: [UInt8]?
        var fcm: [UInt8]?
        var eventKeys = 0
        var nestedError: PushError?
        if try !c.consume(0x7D) {
            repeat {
                let key = try c.readString()
                try c.expect(0x3A)
                switch key {
                case "nostr_event", "encryptedEvent":
                    if apns != nil || fcm != nil {
                        nestedError = .unrecognizedPayload("more than one nostr_event/encryptedEvent member")
                    }
                    if let b = try embedded(&c) {
                        if key == "nostr_event" { apns = b } else { fcm = b }
                    } else {
                        nestedError = nestedError ?? .unrecognizedPayload("\(key) must be an event object or a string holding one")
                    }
                case "id", "pubkey", "sig", "kind", "created_at", "content", "tags":
                    eventKeys += 1
                    try c.skipValue()
                default:
                    try c.skipValue()
                }
            } while try c.nextElement(close: 0x7D)
        }
        if let nestedError { return .failure(nestedError) }
        if let apns { return .success(.apns(event: apns)) }
        if let fcm { return .success(.fcm(wrap: fcm)) }
        if eventKeys > 0 { return .success(.event(Array(c.buf[start..<c.pos]))) }
        return .failure(.unrecognizedPayload("expected nostr_event (APNs), encryptedEvent (FCM) or an event object"))
    }

    /// An embedded event: the raw bytes of an object, or the decoded contents of a string; nil for other types.
    private static func embedded(_ c: inout JSONCursor) throws(JSONError) -> [UInt8]? {
        switch try c.peek() {
        case 0x22:
            return Array(try c.readString().utf8)
        case 0x7B:
            let start = c.pos
            try c.skipValue()
            return Array(c.buf[start..<c.pos])
        default:
            try c.skipValue()
            return nil
        }
    }
}
