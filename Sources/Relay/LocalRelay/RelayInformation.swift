import NostrCore

/// NIP-11 relay information document, served for `Accept: application/nostr+json`.
/// https://github.com/nostr-protocol/nips/blob/master/11.md
public struct RelayInformation: Sendable, Hashable {
    /// Server limitations (the `limitation` object).
    public struct Limitation: Sendable, Hashable {
        public var maxMessageLength: Int?
        public var maxSubscriptions: Int?
        public var maxFilters: Int?
        public var maxLimit: Int?
        public var maxSubidLength: Int?
        public var authRequired: Bool?
        public var restrictedWrites: Bool?

        /// A limitation object; nil fields are left out.
        public init(maxMessageLength: Int? = nil, maxSubscriptions: Int? = nil, maxFilters: Int? = nil, maxLimit: Int? = nil,
                    maxSubidLength: Int? = nil, authRequired: Bool? = nil, restrictedWrites: Bool? = nil) {
            self.maxMessageLength = maxMessageLength
            self.maxSubscriptions = maxSubscriptions
            self.maxFilters = maxFilters
            self.maxLimit = maxLimit
            self.maxSubidLength = maxSubidLength
            self.authRequired = authRequired
            self.restrictedWrites = restrictedWrites
        }
    }

    public var name: String?
    public var description: String?
    /// The operator's hex pubkey.
    public var pubkey: String?
    public var contact: String?
    /// A URL to the relay software's homepage.
    public var software: String?
    public var version: String?
    public var supportedNIPs: [Int]
    public var limitation: Limitation?

    /// A document; nil fields are left out.
    public init(name: String? = nil, description: String? = nil, pubkey: String? = nil, contact: String? = nil,
                software: String? = nil, version: String? = nil, supportedNIPs: [Int] = [], limitation: Limitation? = nil) {
        self.name = name
        self.description = description
        self.pubkey = pubkey
        self.contact = contact
        self.software = software
        self.version = version
        self.supportedNIPs = supportedNIPs
        self.limitation = limitation
    }

    /// What `nak-swift serve` says about itself under `limits`.
    public static func localRelay(limits: LocalRelayLimits, requiresAuth: Bool, name: String = "nak-swift serve",
                                  description: String = "a local relay on the nak-swift event index", pubkey: String? = nil) -> RelayInformation {
        // NIP-11: `software`, if present, MUST be a URL to the project's homepage; this build has none to
        // name, so it leaves the field out and says what it is in `version`.
        RelayInformation(
            name: name, description: description, pubkey: pubkey,
            software: nil, version: "nak-swift 0.1.0", supportedNIPs: [1, 9, 11, 40, 42, 45],
            limitation: Limitation(maxMessageLength: limits.maxMessageLength, maxSubscriptions: limits.maxSubscriptions,
                                   maxFilters: limits.maxFilters, maxLimit: limits.maxLimit, maxSubidLength: 64,
                                   authRequired: requiresAuth, restrictedWrites: requiresAuth))
    }

    /// The document as JSON.
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = ["supported_nips": .array(supportedNIPs.map { .int(Int64($0)) })]
        o["name"] = name.map(JSONValue.string)
        o["description"] = description.map(JSONValue.string)
        o["pubkey"] = pubkey.map(JSONValue.string)
        o["contact"] = contact.map(JSONValue.string)
        o["software"] = software.map(JSONValue.string)
        o["version"] = version.map(JSONValue.string)
        if let l = limitation {
            var lo: [String: JSONValue] = [:]
            lo["max_message_length"] = l.maxMessageLength.map { .int(Int64($0)) }
            lo["max_subscriptions"] = l.maxSubscriptions.map { .int(Int64($0)) }
            lo["max_filters"] = l.maxFilters.map { .int(Int64($0)) }
            lo["max_limit"] = l.maxLimit.map { .int(Int64($0)) }
            lo["max_subid_length"] = l.maxSubidLength.map { .int(Int64($0)) }
            lo["auth_required"] = l.authRequired.map(JSONValue.bool)
            lo["restricted_writes"] = l.restrictedWrites.map(JSONValue.bool)
            o["limitation"] = .object(lo)
        }
        return .object(o)
    }

    /// Reads a document; fields of the wrong type are ignored, as NIP-11 asks clients to be lenient.
    public init(json: JSONValue) {
        name = json["name"]?.stringValue
        description = json["description"]?.stringValue
        pubkey = json["pubkey"]?.stringValue
        contact = json["contact"]?.stringValue
        software = json["software"]?.stringValue
        version = json["version"]?.stringValue
        supportedNIPs = (json["supported_nips"]?.arrayValue ?? []).compactMap { $0.intValue.flatMap { Int(exactly: $0) } }
        if let l = json["limitation"], l.objectValue != nil {
            func int(_ k: String) -> Int? { l[k]?.intValue.flatMap { Int(exactly: $0) } }
            limitation = Limitation(maxMessageLength: int("max_message_length"), maxSubscriptions: int("max_subscriptions"),
                                    maxFilters: int("max_filters"), maxLimit: int("max_limit"), maxSubidLength: int("max_subid_length"),
                                    authRequired: l["auth_required"]?.boolValue, restrictedWrites: l["restricted_writes"]?.boolValue)
        } else {
            limitation = nil
        }
    }
}
