import NostrCore

/// One gift wrap of a sent message and what its recipient's relays answered.
public struct DMDelivery: Sendable {
    /// Whose copy this is (the sender's own copy too).
    public let recipient: PublicKey
    /// The kind-1059 event.
    public let wrap: Event
    /// One answer per relay it was sent to; empty when there was nowhere to send it (the sender's
    /// copy when the sender has no kind-10050 list and gave no relays).
    public let outcomes: [PublishOutcome]

    /// Whether at least one relay accepted the wrap.
    public var delivered: Bool { outcomes.contains(where: \.isSuccess) }
}

/// What `DirectMessenger.send` did.
public struct DMSendReport: Sendable {
    /// The message as stored in the archive.
    public let message: DirectMessage
    /// One delivery per recipient, then the sender's copy.
    public let deliveries: [DMDelivery]
}

/// What `DirectMessenger.fetch` did.
public struct DMFetchReport: Sendable {
    /// Gift wraps the relays returned (after dedupe).
    public var received = 0
    /// Wraps skipped because they were opened on an earlier fetch.
    public var alreadyOpened = 0
    /// Messages newly added to the archive.
    public var newMessages = 0
    /// Wraps that could not be opened (not for this key, forged, malformed), with why.
    public var unopenable: [(wrap: EventID, error: NIP59Error)] = []
    /// Relays that failed (the others answered up to EOSE).
    public var failures: [RelayURL: RelayError] = [:]

    /// An empty report.
    public init() {}
}
