/// An event kind (NIP-01), with the ranges that decide how relays store it.
public struct Kind: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ value: Int) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = value }
    public var description: String { String(rawValue) }
    public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

    /// NIP-01: 0, 3 and 10000–19999 keep only the newest per author and kind.
    public var isReplaceable: Bool { rawValue == 0 || rawValue == 3 || (10000..<20000).contains(rawValue) }
    /// NIP-01: 20000–29999 are not stored.
    public var isEphemeral: Bool { (20000..<30000).contains(rawValue) }
    /// NIP-01: 30000–39999 keep only the newest per author, kind and `d` tag.
    public var isAddressable: Bool { (30000..<40000).contains(rawValue) }

    public static let metadata: Kind = 0
    public static let textNote: Kind = 1
    public static let contacts: Kind = 3
    public static let encryptedDirectMessage: Kind = 4
    public static let deletion: Kind = 5
    public static let repost: Kind = 6
    public static let reaction: Kind = 7
    public static let seal: Kind = 13
    public static let chatMessage: Kind = 14
    public static let fileMessage: Kind = 15
    public static let genericRepost: Kind = 16
    public static let giftWrap: Kind = 1059
    public static let muteList: Kind = 10000
    public static let relayList: Kind = 10002
    public static let dmRelayList: Kind = 10050
    public static let blossomServerList: Kind = 10063
    public static let walletInfo: Kind = 13194
    public static let clientAuth: Kind = 22242
    public static let walletRequest: Kind = 23194
    public static let walletResponse: Kind = 23195
    public static let nostrConnect: Kind = 24133
    public static let blossomAuth: Kind = 24242
    public static let zapRequest: Kind = 9734
    public static let zapReceipt: Kind = 9735
}
