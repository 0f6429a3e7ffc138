import NostrCore

/// A paired client: its key, what it was granted, and what it said about itself (shown, never trusted).
public struct BunkerSession: Sendable, Hashable {
    /// The client key.
    public let client: PublicKey
    /// What it may call.
    public var permissions: NIP46Permissions
    /// Name, url and image as the client gave them.
    public var metadata: NIP46ClientMetadata
    /// When it paired (unix seconds).
    public let pairedAt: Int64
    /// When it last sent a request (unix seconds).
    public var lastSeen: Int64
    /// How it paired: `secret`, `authorize`, `nostrconnect`, `ask`.
    public let via: String

    /// A session.
    public init(client: PublicKey, permissions: NIP46Permissions, metadata: NIP46ClientMetadata = NIP46ClientMetadata(),
                pairedAt: Int64, lastSeen: Int64? = nil, via: String) {
        self.client = client
        self.permissions = permissions
        self.metadata = metadata
        self.pairedAt = pairedAt
        self.lastSeen = lastSeen ?? pairedAt
        self.via = via
    }
}
