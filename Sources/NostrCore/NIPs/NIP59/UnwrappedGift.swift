/// A gift wrap opened and checked: the three layers and who really sent it.
public struct UnwrappedGift: Sendable {
    /// The kind-1059 event as received.
    public let wrap: Event
    /// The kind-13 seal, signed by the sender.
    public let seal: Event
    /// The unsigned inner event.
    public let rumor: UnsignedEvent
    /// The rumor's id (checked against its fields).
    public let rumorID: EventID
    /// The sender: the seal's signer, which `unwrap` checked equals the rumor's author.
    public var sender: PublicKey

    /// The checked layers of a gift wrap.
    public init(wrap: Event, seal: Event, rumor: UnsignedEvent, rumorID: EventID, sender: PublicKey) {
        self.wrap = wrap
        self.seal = seal
        self.rumor = rumor
        self.rumorID = rumorID
        self.sender = sender
    }
}
