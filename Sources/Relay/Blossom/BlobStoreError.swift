/// Why the blob folder could not be read or written.
public enum BlobStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file operation failed.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case let .io(path, reason): "blob store \(path): \(reason)"
        }
    }
}
