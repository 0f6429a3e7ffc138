/// A Blossom blob descriptor (BUD-02): what a server returns for an uploaded or listed blob.
/// https://github.com/hzrd149/blossom/blob/master/buds/02.md
public struct BlobDescriptor: Sendable, Hashable {
    /// Public URL of the blob, with a file extension.
    public var url: String
    /// Lower-case hex SHA-256 of the blob.
    public var sha256: String
    /// Size in bytes.
    public var size: Int64
    /// MIME type (`application/octet-stream` when unknown).
    public var type: String
    /// Unix time of upload.
    public var uploaded: Int64

    public init(url: String, sha256: String, size: Int64, type: String = "application/octet-stream", uploaded: Int64) {
        self.url = url
        self.sha256 = sha256
        self.size = size
        self.type = type
        self.uploaded = uploaded
    }

    /// Parses a descriptor; extra fields (`nip94`, `magnet`, …) are ignored.
    public init(json: some Collection<UInt8>) throws(BlossomError) {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidDescriptor(error.description) }
        try self.init(json: v)
    }

    /// Parses a descriptor from an already parsed value (e.g. one element of a `/list` array).
    public init(json v: JSONValue) throws(BlossomError) {
        guard let url = v["url"]?.stringValue else { throw .invalidDescriptor("no url") }
        guard let sha = v["sha256"]?.stringValue, sha.utf8.count == 64, Hex.decode(sha) != nil else {
            throw .invalidDescriptor("sha256 is not 64 hex characters")
        }
        guard let size = v["size"]?.intValue, size >= 0 else { throw .invalidDescriptor("no size") }
        self.init(url: url, sha256: sha.lowercased(), size: size, type: v["type"]?.stringValue ?? "application/octet-stream",
                  uploaded: v["uploaded"]?.intValue ?? 0)
    }

    /// Parses a `GET /list/<pubkey>` answer: an array of descriptors.
    public static func list(json: some Collection<UInt8>) throws(BlossomError) -> [BlobDescriptor] {
        let v: JSONValue
        do { v = try JSONValue.parse(json) } catch { throw .invalidDescriptor(error.description) }
        guard let items = v.arrayValue else { throw .invalidDescriptor("list is not an array") }
        var out = [BlobDescriptor]()
        for item in items { out.append(try BlobDescriptor(json: item)) }
        return out
    }

    /// The descriptor as a JSON value.
    public var jsonValue: JSONValue {
        .object(["url": .string(url), "sha256": .string(sha256), "size": .int(size), "type": .string(type),
                 "uploaded": .int(uploaded)])
    }

    /// The descriptor as JSON text.
    public var json: String { jsonValue.serialized }
}
