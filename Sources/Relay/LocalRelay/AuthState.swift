import NostrCore

/// NIP-42 authentication of one connection: its challenge and the pubkeys that answered it.
/// https://github.com/nostr-protocol/nips/blob/master/42.md
public struct AuthState: Sendable {
    /// The challenge sent in `["AUTH", challenge]`; valid for the whole connection.
    public let challenge: String
    /// Every pubkey that authenticated on this connection (NIP-42: clients may send several).
    public private(set) var pubkeys: Set<PublicKey> = []

    /// A fresh random challenge.
    public init() { challenge = Hex.encode(SecureRandom.bytes(16)) }

    /// A given challenge (tests).
    public init(challenge: String) { self.challenge = challenge }

    /// Whether any pubkey authenticated.
    public var isAuthenticated: Bool { !pubkeys.isEmpty }

    /// Checks `event` as an answer to this connection's challenge and remembers its pubkey.
    /// `relays` are the addresses the relay answers to (its URL and the client's `Host:` header).
    @discardableResult
    public mutating func authenticate(_ event: Event, relays: [String], now: Int64, window: Int64 = 600) throws(AuthError) -> PublicKey {
        guard event.kind == .clientAuth else { throw .wrongKind(event.kind.rawValue) }
        guard abs(event.createdAt - now) <= window else { throw .stale(createdAt: event.createdAt, now: now, window: window) }
        // The challenge is not secret, but comparing in constant time costs nothing.
        guard let sent = event.firstTagValue("challenge"),
              ConstantTime.equals(Array(sent.utf8), Array(challenge.utf8)) else { throw .wrongChallenge }
        let tag = event.firstTagValue("relay")
        guard let tag, let claimed = RelayAddress(tag),
              relays.contains(where: { RelayAddress($0)?.matches(claimed) ?? false }) else { throw .wrongRelay(tag) }
        do { try event.verify() } catch { throw .invalidEvent(error) }
        pubkeys.insert(event.pubkey)
        return event.pubkey
    }
}
