import NostrCore

/// What to zap: a profile, or one of its events.
public struct ZapTarget: Sendable, Hashable {
    /// Who receives the sats (the `p` tag).
    public var recipient: PublicKey
    /// The recipient's `lud16` or `lud06`.
    public var lightningAddress: String
    /// The zapped note (the `e` tag), if any.
    public var eventID: EventID?
    /// The zapped addressable event's `kind:pubkey:d` (the `a` tag), if any.
    public var address: String?
    /// The zapped event's kind (the `k` tag), if known.
    public var kind: Kind?

    /// A target.
    public init(recipient: PublicKey, lightningAddress: String, eventID: EventID? = nil, address: String? = nil, kind: Kind? = nil) {
        self.recipient = recipient
        self.lightningAddress = lightningAddress
        self.eventID = eventID
        self.address = address
        self.kind = kind
    }
}
