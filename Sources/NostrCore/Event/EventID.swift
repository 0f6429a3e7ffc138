/// An event id: the SHA-256 of the event's NIP-01 serialization.
///
/// Stored inline (four words, no heap allocation), so parsing, hashing and comparing ids is cheap.
public struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// An id from 32 bytes.
    public init(bytes: [UInt8]) throws(KeyError) {
        guard bytes.count == 32 else { throw .invalidLength(expected: 32, got: bytes.count) }
        self.init(unchecked: bytes)
    }

    /// An id from 64 hex characters.
    public init(hex: some StringProtocol) throws(KeyError) {
        guard hex.utf8.count == 64, let b = Hex.decode(hex) else { throw .invalidHex }
        self.init(unchecked: b)
    }

    /// From exactly 32 bytes (checked by the caller).
    init(unchecked bytes: [UInt8]) {
        words = (0, 0, 0, 0)
        bytes.withUnsafeBytes { src in
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: src.prefix(32))) }
        }
    }

    /// From exactly 32 bytes at `raw` (checked by the caller).
    init(raw: UnsafeRawBufferPointer) {
        words = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(32))) }
    }

    /// The 32 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the 32 bytes, without copying them into an array.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words) { try body($0) }
    }

    /// Lower-case hex.
    public var hex: String { withUnsafeBytes { Hex.encode($0) } }
    public var description: String { hex }

    public static func == (a: EventID, b: EventID) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    public func hash(into h: inout Hasher) {
        h.combine(words.0)
        h.combine(words.1)
        h.combine(words.2)
        h.combine(words.3)
    }

    /// Byte-wise order, as the hex strings sort.
    public static func < (a: EventID, b: EventID) -> Bool {
        // Words hold bytes in memory order; big-endian reading makes integer order match byte order.
        let x = (UInt64(bigEndian: a.words.0), UInt64(bigEndian: a.words.1), UInt64(bigEndian: a.words.2), UInt64(bigEndian: a.words.3))
        let y = (UInt64(bigEndian: b.words.0), UInt64(bigEndian: b.words.1), UInt64(bigEndian: b.words.2), UInt64(bigEndian: b.words.3))
        return x < y
    }
}
