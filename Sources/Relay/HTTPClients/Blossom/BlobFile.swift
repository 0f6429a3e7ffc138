import Foundation
import NostrCore

/// A file about to be uploaded: its SHA-256 and size, read in chunks so a large file never sits in memory.
public struct BlobFile: Sendable, Hashable {
    /// The file's path.
    public let path: String
    /// Lower-case hex SHA-256 of the contents.
    public let sha256: String
    /// Size in bytes.
    public let size: Int64

    /// Hashes the file at `path`.
    public init(path: String) throws(BlossomClientError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .file(path: path, reason: "cannot open for reading") }
        defer { try? handle.close() }
        let hasher = SHA256Stream()
        var size: Int64 = 0
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { throw .file(path: path, reason: "\(error)") }
            guard let chunk, !chunk.isEmpty else { break }
            size += Int64(chunk.count)
            chunk.withUnsafeBytes { hasher.update($0) }
        }
        guard let digest = hasher.finish() else { throw .file(path: path, reason: "SHA-256 context unavailable") }
        self.path = path
        self.sha256 = Hex.encode(digest)
        self.size = size
    }

    /// A MIME type from the file extension, `application/octet-stream` when unknown.
    public var mimeType: String { MIMEType.forPath(path) }
}
