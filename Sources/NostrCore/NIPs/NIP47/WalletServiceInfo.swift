extension Kind {
    /// NIP-47 notification encrypted with NIP-44.
    public static let walletNotification: Kind = 23197
    /// NIP-47 notification encrypted with NIP-04 (legacy clients).
    public static let walletNotificationNIP04: Kind = 23196
}

/// How an NWC payload is encrypted (the `encryption` tag).
public enum NWCEncryption: String, Sendable, Hashable, CaseIterable {
    case nip44 = "nip44_v2"
    case nip04 = "nip04"
}

/// The wallet service's info event (kind 13194): what it can do and how it encrypts.
public struct WalletServiceInfo: Sendable, Hashable {
    /// Supported methods (the content, space-separated), e.g. `pay_invoice get_balance notifications`.
    public var methods: [String]
    /// Supported encryption schemes; NIP-47: a missing `encryption` tag means NIP-04 only.
    public var encryptions: [NWCEncryption]
    /// Supported notification types (the `notifications` tag).
    public var notifications: [String]

    public init(methods: [String], encryptions: [NWCEncryption] = [.nip44], notifications: [String] = []) {
        self.methods = methods
        self.encryptions = encryptions
        self.notifications = notifications
    }

    /// Reads a kind-13194 event.
    public init(event: Event) throws(NIP47Error) {
        guard event.kind == .walletInfo else { throw .wrongKind(expected: Kind.walletInfo.rawValue, got: event.kind.rawValue) }
        methods = event.content.split(whereSeparator: \.isWhitespace).map(String.init)
        if let tag = event.firstTagValue("encryption") {
            encryptions = tag.split(whereSeparator: \.isWhitespace).compactMap { NWCEncryption(rawValue: String($0)) }
        } else {
            encryptions = [.nip04]
        }
        notifications = (event.firstTagValue("notifications") ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether the service supports NIP-44 v2 encryption.
    public var supportsNIP44: Bool { encryptions.contains(.nip44) }
    /// Whether the service supports legacy NIP-04 encryption.
    public var supportsNIP04: Bool { encryptions.contains(.nip04) }
    /// The scheme a client should use: NIP-44 whenever the service offers it.
    public var preferredEncryption: NWCEncryption { supportsNIP44 ? .nip44 : .nip04 }

    /// The kind-13194 event for the wallet service to sign.
    public func unsignedEvent(walletPubkey: PublicKey, createdAt: Int64) -> UnsignedEvent {
        var tags: [Tag] = [["encryption", encryptions.map(\.rawValue).joined(separator: " ")]]
        if !notifications.isEmpty { tags.append(["notifications", notifications.joined(separator: " ")]) }
        return UnsignedEvent(pubkey: walletPubkey, createdAt: createdAt, kind: .walletInfo, tags: tags,
                             content: methods.joined(separator: " "))
    }
}
