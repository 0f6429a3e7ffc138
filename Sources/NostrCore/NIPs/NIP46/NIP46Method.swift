/// A NIP-46 method name; unknown names are kept so they can be answered with an error (46.md: "Requests
/// made with unknown or unsupported methods MUST be replied with an error").
public struct NIP46Method: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public static let connect: NIP46Method = "connect"
    public static let signEvent: NIP46Method = "sign_event"
    public static let ping: NIP46Method = "ping"
    public static let getPublicKey: NIP46Method = "get_public_key"
    public static let nip04Encrypt: NIP46Method = "nip04_encrypt"
    public static let nip04Decrypt: NIP46Method = "nip04_decrypt"
    public static let nip44Encrypt: NIP46Method = "nip44_encrypt"
    public static let nip44Decrypt: NIP46Method = "nip44_decrypt"
    public static let switchRelays: NIP46Method = "switch_relays"
    public static let logout: NIP46Method = "logout"

    /// Every method of the spec's table.
    public static let all: [NIP46Method] = [.connect, .signEvent, .ping, .getPublicKey, .nip04Encrypt, .nip04Decrypt,
                                            .nip44Encrypt, .nip44Decrypt, .switchRelays, .logout]

    /// Whether the spec defines this method.
    public var isKnown: Bool { Self.all.contains(self) }
}
