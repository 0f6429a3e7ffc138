/// SHA-256 through OpenSSL (the per-thread context of `SHA256Context`).
public enum SHA256 {
    /// The digest of `data`.
    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { hash($0) }
    }

    /// The digest of the UTF-8 bytes of `text`.
    public static func hash(_ text: String) -> [UInt8] {
        var t = text
        return t.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of a raw buffer (no copy).
    public static func hash(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 32) { out, count in
            if let o = out.baseAddress { SHA256Context.hash(raw.baseAddress, raw.count, into: o) }
            count = 32
        }
    }
}

/// Lets `[UInt8]`, `ArraySlice` and `UnsafeRawBufferPointer` feed the hash functions.
public protocol ContiguousBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}
extension Array: ContiguousBytes where Element == UInt8 {}
extension ArraySlice: ContiguousBytes where Element == UInt8 {}
extension UnsafeRawBufferPointer: ContiguousBytes {
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try body(self) }
}
