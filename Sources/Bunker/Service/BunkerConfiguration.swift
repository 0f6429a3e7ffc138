import NostrCore

/// How a bunker behaves; the defaults are the safe ones.
public struct BunkerConfiguration: Sendable {
    /// Relays the bunker listens on; `switch_relays` answers with them.
    public var relays: [String]
    /// What a client that pairs with the secret (or through `bunker connect`) gets when it asked for
    /// nothing: pairing is the operator's explicit choice, so by default it is full access, as in nak.
    public var permissionsWhenNoneRequested: NIP46Permissions = .all
    /// Whether requests outside the grants (and unknown clients' `connect`) are put to the consent prompt.
    public var ask = false
    /// How long the person has to answer before the request is denied.
    public var consentTimeout: Duration = .seconds(60)
    /// Requests a client may send at once before being rate-limited.
    public var rateBurst = 20
    /// Requests per second a client may sustain.
    public var ratePerSecond = 5.0
    /// How old or how far in the future a request may be (46.md requests are ephemeral).
    public var maxRequestAge: Int64 = 60

    /// A configuration for `relays`.
    public init(relays: [String]) { self.relays = relays }
}
