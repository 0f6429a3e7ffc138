import Foundation
import NostrCore
import Synchronization

/// Blobs in one folder for `BlossomServer`: `<sha256>` holds the bytes, `<sha256>.json` the type, upload time and the
/// keys that uploaded it. A blob is removed when its last owner deletes it.
final class BlobStore: Sendable {
    /// One blob's metadata.
    struct Record: Sendable, Hashable {
        var sha256: String
        var size: Int64
        var type: String
        var uploaded: Int64
        var owners: [String]
    }

    let directory: String
    /// Serializes metadata read-modify-write between concurrent requests.
    private let lock = Mutex<Void>(())

    init(directory: String) throws(BlobStoreError) {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .io(path: directory, reason: "\(error)")
        }
        self.directory = directory
    }

    private func blobPath(_ sha: String) -> String { "\(directory)/\(sha)" }
    private func metaPath(_ sha: String) -> String { "\(directory)/\(sha).json" }

    /// The record of `sha`, if stored.
    func record(_ sha: String) -> Record? {
        guard let data = FileManager.default.contents(atPath: metaPath(sha)), let v = try? JSONValue.parse(Array(data)) else { return nil }
        guard let size = v["size"]?.intValue, let uploaded = v["uploaded"]?.intValue else { return nil }
        return Record(sha256: sha, size: size, type: v["type"]?.stringValue ?? "application/octet-stream", uploaded: uploaded,
                      owners: v["owners"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The blob's bytes, if stored.
    func bytes(_ sha: String) -> [UInt8]? {
        FileManager.default.contents(atPath: blobPath(sha)).map { [UInt8]($0) }
    }

    /// Stores `bytes` (whose hash is `sha`) for `owner`; whether the blob is new, and its record.
    func put(_ bytes: [UInt8], sha: String, type: String, owner: String, now: Int64) throws(BlobStoreError) -> (created: Bool, record: Record) {
        try lock.withLock { _ throws(BlobStoreError) in
            if var existing = record(sha), FileManager.default.fileExists(atPath: blobPath(sha)) {
                if !existing.owners.contains(owner) {
                    existing.owners.append(owner)
                    try write(existing)
                }
                return (false, existing)
            }
            do { try Data(bytes).write(to: URL(fileURLWithPath: blobPath(sha)), options: .atomic) } catch {
                throw .io(path: blobPath(sha), reason: "\(error)")
            }
            let r = Record(sha256: sha, size: Int64(bytes.count), type: type, uploaded: now, owners: [owner])
            try write(r)
            return (true, r)
        }
    }

    /// Removes `owner` from the blob; deletes it when nobody owns it any more. False when `owner` does not own it.
    func remove(_ sha: String, owner: String) throws(BlobStoreError) -> Bool {
        try lock.withLock { _ throws(BlobStoreError) in
            guard var r = record(sha), r.owners.contains(owner) else { return false }
            r.owners.removeAll { $0 == owner }
            if r.owners.isEmpty {
                try? FileManager.default.removeItem(atPath: blobPath(sha))
                try? FileManager.default.removeItem(atPath: metaPath(sha))
            } else {
                try write(r)
            }
            return true
        }
    }

    /// Every blob `owner` uploaded, newest first (ties by hash, so pages are stable).
    func list(owner: String) -> [Record] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> Record? in
            guard name.hasSuffix(".json") else { return nil }
            let sha = String(name.dropLast(5))
            guard let r = record(sha), r.owners.contains(owner) else { return nil }
            return r
        }.sorted { $0.uploaded != $1.uploaded ? $0.uploaded > $1.uploaded : $0.sha256 < $1.sha256 }
    }

    private func write(_ r: Record) throws(BlobStoreError) {
        let json = JSONValue.object(["size": .int(r.size), "type": .string(r.type), "uploaded": .int(r.uploaded),
                                     "owners": .array(r.owners.map(JSONValue.string))])
        do { try Data(json.serializedBytes).write(to: URL(fileURLWithPath: metaPath(r.sha256)), options: .atomic) } catch {
            throw .io(path: metaPath(r.sha256), reason: "\(error)")
        }
    }
}
