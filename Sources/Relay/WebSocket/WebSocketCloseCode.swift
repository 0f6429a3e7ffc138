/// A close status code (RFC 6455 §7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = Self(rawValue: 1000)
    public static let goingAway = Self(rawValue: 1001)
    public static let protocolError = Self(rawValue: 1002)
    public static let unsupportedData = Self(rawValue: 1003)
    /// Never sent: stands for a close frame without a code.
    public static let noStatus = Self(rawValue: 1005)
    /// Never sent: stands for a connection that ended without a close frame.
    public static let abnormal = Self(rawValue: 1006)
    public static let invalidPayload = Self(rawValue: 1007)
    public static let policyViolation = Self(rawValue: 1008)
    public static let messageTooBig = Self(rawValue: 1009)
    public static let internalError = Self(rawValue: 1011)

    /// Whether the code may appear in a close frame on the wire (§7.4.1, §7.4.2).
    public var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }

    public var description: String { "\(rawValue)" }
}
