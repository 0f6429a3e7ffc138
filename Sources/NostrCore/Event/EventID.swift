/// An event id: the SHA-256 of the event's NIP-01 serialization.
public struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 32 bytes.
    public let bytes: [UInt8]

    /// An id from 32 bytes.
    public init(bytes: [UInt8]) throws(KeyError) {
        guard bytes.count == 32 else { throw .invalidLength(expected: 32, got: bytes.count) }
        self.bytes = bytes
    }

    /// An id from 64 hex characters.
    public init(hex: some StringProtocol) throws(KeyError) {
        guard hex.utf8.count == 64, let b = Hex.decode(hex) else { throw .invalidHex }
        self.bytes = b
    }

    init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// Lower-case hex.
    public var hex: String { Hex.encode(bytes) }
    public var description: String { hex }
    public static func < (a: EventID, b: EventID) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
