/// The outcome of enriching one payload: exactly one output line.
public enum PushResult: Sendable, Equatable {
    /// Show this notification.
    case notify(PushNotification)
    /// The payload is fine but should not be shown.
    case suppress(SuppressReason)
    /// The payload cannot be read, decrypted or verified.
    case error(PushError)

    /// The notification, when there is one.
    public var notification: PushNotification? { if case let .notify(n) = self { n } else { nil } }

    /// The output object as compact JSON bytes (no newline).
    public var jsonBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        switch self {
        case let .notify(n):
            n.appendJSON(to: &out)
        case let .suppress(reason):
            out.append(contentsOf: #"{"status":"suppress","reason":"#.utf8)
            JSONWriter.appendString(reason.description, to: &out)
            out.append(0x7D)
        case let .error(e):
            out.append(contentsOf: #"{"status":"error","error":"#.utf8)
            JSONWriter.appendString(e.description, to: &out)
            out.append(0x7D)
        }
        return out
    }

    /// The output object as one line of JSON text (no newline).
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }
}
