import NostrCore

/// Decides whether a request may run. Policies are values and compose (`FirstDecisive`); the bunker's
/// default is `GrantPolicy`: deny anything not granted.
public protocol SigningPolicy: Sendable {
    /// The decision for `request`.
    func decide(_ request: BunkerRequest) -> Decision
}

/// Default deny: a paired client may call what its grants cover (plus the harmless methods every
/// paired client needs); everything else is refused, or asked about when `askOnMiss`.
public struct GrantPolicy: SigningPolicy {
    /// Methods that reveal nothing but the user's public key and need no grant once paired.
    public static let alwaysAllowed: Set<NIP46Method> = [.connect, .ping, .getPublicKey, .switchRelays, .logout]

    /// Whether a request outside the grants is asked about instead of refused.
    public let askOnMiss: Bool

    /// The policy; `askOnMiss` when a person can answer prompts (`bunker --ask` on a terminal).
    public init(askOnMiss: Bool = false) { self.askOnMiss = askOnMiss }

    public func decide(_ request: BunkerRequest) -> Decision {
        guard let session = request.session else {
            return .deny(reason: "unauthorized: this client is not paired with the bunker; connect with its secret")
        }
        if Self.alwaysAllowed.contains(request.method) { return .allow }
        if session.permissions.allows(request.method, kind: request.kind) { return .allow }
        if askOnMiss { return .ask }
        return .deny(reason: "unauthorized: \(request.permission) is not among this client's permissions")
    }
}

/// The first policy that does not `.allow` wins; all must allow. Lets a deployment add rules (kinds never
/// signed, quiet hours) on top of the grants without touching them.
public struct AllOf: SigningPolicy {
    /// The policies, asked in order.
    public let policies: [any SigningPolicy]

    /// All of `policies` must allow.
    public init(_ policies: [any SigningPolicy]) { self.policies = policies }

    public func decide(_ request: BunkerRequest) -> Decision {
        for p in policies {
            let d = p.decide(request)
            if d != .allow { return d }
        }
        return .allow
    }
}

/// Refuses signing some kinds whatever the grants say (e.g. 0, 3, 10002: profile, follows, relays).
public struct KindBlocklist: SigningPolicy {
    /// Kinds never signed.
    public let kinds: Set<Int>

    /// A blocklist.
    public init(_ kinds: Set<Int>) { self.kinds = kinds }

    public func decide(_ request: BunkerRequest) -> Decision {
        guard request.method == .signEvent, let kind = request.kind, kinds.contains(kind) else { return .allow }
        return .deny(reason: "blocked: this bunker never signs kind \(kind)")
    }
}

extension NIP46Permissions {
    /// Every method of the spec, unrestricted (what `--authorize PUBKEY` without perms grants).
    public static let all = NIP46Permissions(NIP46Method.all.map { NIP46Permission($0) })
}
