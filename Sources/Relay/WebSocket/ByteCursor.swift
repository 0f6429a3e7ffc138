/// A byte buffer read from the front: the I/O side appends what arrived, sans-IO parsers consume from it.
public struct ByteCursor: Sendable {
    /// The bytes held, including the already-consumed prefix `storage[..<readerIndex]`.
    public private(set) var storage: [UInt8]
    /// Where the unread bytes start in `storage`.
    public private(set) var readerIndex: Int = 0

    /// A cursor over `bytes`, none of them read yet.
    public init(_ bytes: [UInt8] = []) { storage = bytes }

    /// How many bytes are still unread.
    public var readableCount: Int { storage.count - readerIndex }

    /// True when every byte has been read.
    public var isEmpty: Bool { readerIndex == storage.count }

    /// The unread bytes.
    public var readableBytes: ArraySlice<UInt8> { storage[readerIndex...] }

    /// Adds bytes at the end.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compactIfWorthwhile()
        storage.append(contentsOf: bytes)
    }

    /// Adds the bytes of a raw buffer at the end.
    public mutating func append(_ raw: UnsafeRawBufferPointer) {
        compactIfWorthwhile()
        storage.append(contentsOf: raw.bindMemory(to: UInt8.self))
    }

    /// The unread byte at `offset` from the reader position, or nil when not yet there.
    public func peek(at offset: Int) -> UInt8? {
        let i = readerIndex + offset
        return i < storage.count ? storage[i] : nil
    }

    /// Marks `count` unread bytes as read.
    public mutating func skip(_ count: Int) {
        precondition(count <= readableCount, "skip past the end of a ByteCursor")
        readerIndex += count
        if readerIndex == storage.count { storage.removeAll(keepingCapacity: storage.capacity <= 1 << 20); readerIndex = 0 }
    }

    /// Reads `count` bytes, or returns nil (reading nothing) when fewer are available.
    public mutating func read(_ count: Int) -> [UInt8]? {
        guard count <= readableCount else { return nil }
        let out = Array(storage[readerIndex ..< readerIndex + count])
        skip(count)
        return out
    }

    /// Drops the consumed prefix once it is large, so a long-lived cursor does not grow without bound.
    private mutating func compactIfWorthwhile() {
        if readerIndex >= 4096, readerIndex * 2 >= storage.count {
            storage.removeSubrange(0 ..< readerIndex)
            readerIndex = 0
        }
    }
}
