import NostrCore

/// One line of the audit log: every request the bunker saw from a client, and what it did.
public struct AuditEntry: Sendable, Hashable {
    /// When (unix seconds).
    public let at: Int64
    /// The client key.
    public let client: PublicKey
    /// The method called.
    public let method: String
    /// For `sign_event`, the kind.
    public let kind: Int?
    /// `allowed`, `denied: …`, `error: …`, `rate-limited`, `asked: allowed once`, …
    public let decision: String

    /// An entry.
    public init(at: Int64, client: PublicKey, method: String, kind: Int?, decision: String) {
        self.at = at
        self.client = client
        self.method = method
        self.kind = kind
        self.decision = decision
    }
}
