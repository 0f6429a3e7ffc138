import NostrCore

/// What the person at the bunker answered.
public enum ConsentAnswer: String, Sendable, Hashable {
    /// Run this one request.
    case allowOnce = "allowed once"
    /// Run it and grant the permission for good.
    case allowAlways = "allowed always"
    /// Refuse it (also what a timeout means).
    case deny = "denied"
}

/// A question put to the person: which client (as it describes itself, unverified) wants what.
public struct ConsentQuestion: Sendable, Hashable {
    /// The client key.
    public let client: PublicKey
    /// What the client says it is; display only.
    public let metadata: NIP46ClientMetadata
    /// The permission asked for (`sign_event:1`, `nip44_decrypt`, or `connect` for pairing).
    public let permission: NIP46Permission
    /// A short summary of the payload (first characters of the event content), control characters removed.
    public let summary: String?

    /// A question.
    public init(client: PublicKey, metadata: NIP46ClientMetadata, permission: NIP46Permission, summary: String? = nil) {
        self.client = client
        self.metadata = metadata
        self.permission = permission
        self.summary = summary
    }

    /// The text shown to the person.
    public var text: String {
        var s = "client \(client.hex.prefix(16))… \(metadata.displayText) asks for \(permission)"
        if let summary, !summary.isEmpty { s += ": \(NIP46ClientMetadata.printableText(summary))" }
        return s
    }
}

/// Asks a person about a request the grants do not cover (`bunker --ask`). Must answer `.deny` once
/// `timeout` has passed.
public protocol ConsentPrompt: Sendable {
    /// The person's answer, or `.deny` after `timeout`.
    func ask(_ question: ConsentQuestion, timeout: Duration) async -> ConsentAnswer
}

/// A prompt that answers the same every time (tests, scripted deployments).
public struct FixedConsent: ConsentPrompt {
    /// The answer given.
    public let answer: ConsentAnswer
    /// A prompt that always answers `answer`.
    public init(_ answer: ConsentAnswer) { self.answer = answer }
    public func ask(_ question: ConsentQuestion, timeout: Duration) async -> ConsentAnswer { answer }
}
