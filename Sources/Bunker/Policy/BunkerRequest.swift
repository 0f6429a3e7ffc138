import NostrCore

/// One decrypted request as a policy sees it: who asks, for what, and what that client was granted.
public struct BunkerRequest: Sendable, Hashable {
    /// The client key that sent it.
    public let client: PublicKey
    /// The JSON-RPC request.
    public let request: NIP46Request
    /// For `sign_event`, the kind of the event to sign.
    public let kind: Int?
    /// The client's session, or `nil` when it never paired (or logged out, or was revoked).
    public let session: BunkerSession?

    /// A request.
    public init(client: PublicKey, request: NIP46Request, kind: Int? = nil, session: BunkerSession?) {
        self.client = client
        self.request = request
        self.kind = kind
        self.session = session
    }

    /// The method called.
    public var method: NIP46Method { request.method }

    /// The permission this request needs, e.g. `sign_event:1`.
    public var permission: NIP46Permission { NIP46Permission(method, kind: method == .signEvent ? kind : nil) }
}
