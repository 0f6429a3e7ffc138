/// What a relay answered to an `EVENT` (NIP-01 `OK`).
public enum PublishResult: Sendable, Hashable, CustomStringConvertible {
    /// `OK true`; the message is often empty.
    case accepted(message: String)
    /// `OK true "duplicate: …"`: the relay already had it, which is success for a publisher.
    case duplicate(message: String)
    /// `OK false`; the reason starts with a machine-readable prefix (`blocked:`, `auth-required:`, …).
    case rejected(reason: String)

    /// Reads an `OK` message.
    public init(accepted: Bool, message: String) {
        if accepted {
            self = message.hasPrefix("duplicate:") ? .duplicate(message: message) : .accepted(message: message)
        } else {
            self = .rejected(reason: message)
        }
    }

    /// Accepted or duplicate.
    public var isSuccess: Bool {
        if case .rejected = self { false } else { true }
    }

    /// The machine-readable prefix of the message (`blocked`, `auth-required`…), if it has one.
    public var prefix: String? {
        let text: String
        switch self {
        case let .accepted(m), let .duplicate(m): text = m
        case let .rejected(r): text = r
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let p = text[..<colon]
        return p.isEmpty || p.contains(" ") ? nil : String(p)
    }

    public var description: String {
        switch self {
        case let .accepted(m): m.isEmpty ? "accepted" : "accepted: \(m)"
        case let .duplicate(m): m
        case let .rejected(r): r.isEmpty ? "rejected" : r
        }
    }
}
