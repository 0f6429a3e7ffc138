import COpenSSL

/// SHA-256 for event ids with OpenSSL's implementation fetched once: the one-shot `SHA256()`
/// looks the algorithm up (under a lock) on every call, which costs as much as hashing a note.
enum EventDigest {
    /// Immutable after the first use; OpenSSL documents fetched EVP_MDs as safe to share between threads.
    nonisolated(unsafe) private static let sha256: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    /// Writes SHA-256 of `count` bytes at `data` into 32 bytes at `out`.
    static func hash(_ data: UnsafeRawPointer?, _ count: Int, into out: UnsafeMutablePointer<UInt8>) {
        if let md = sha256, EVP_Digest(data, count, out, nil, md, nil) == 1 { return }
        _ = COpenSSL.SHA256(data?.assumingMemoryBound(to: UInt8.self), count, out)
    }
}
