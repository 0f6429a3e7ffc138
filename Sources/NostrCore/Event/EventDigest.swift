import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SHA-256 for event ids through OpenSSL with the algorithm fetched once and one digest context
/// per thread: the one-shot `SHA256()` fetches the algorithm (under a lock) and allocates a
/// context on every call, which costs more than hashing a short note.
enum EventDigest {
    /// Immutable after first use; OpenSSL documents fetched EVP_MDs as safe to share between threads.
    nonisolated(unsafe) private static let sha256: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    /// The thread-specific slot holding that thread's EVP_MD_CTX, freed when the thread exits.
    private static let contextKey: pthread_key_t? = {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { ctx in
            if let ctx { EVP_MD_CTX_free(OpaquePointer(ctx)) }
        }
        return rc == 0 ? key : nil
    }()

    private static func threadContext() -> OpaquePointer? {
        guard let key = contextKey else { return nil }
        if let p = pthread_getspecific(key) { return OpaquePointer(p) }
        guard let ctx = EVP_MD_CTX_new() else { return nil }
        guard pthread_setspecific(key, UnsafeRawPointer(ctx)) == 0 else {
            EVP_MD_CTX_free(ctx)
            return nil
        }
        return ctx
    }

    /// Writes SHA-256 of `count` bytes at `data` into 32 bytes at `out`.
    static func hash(_ data: UnsafeRawPointer?, _ count: Int, into out: UnsafeMutablePointer<UInt8>) {
        if let md = sha256, let ctx = threadContext(),
           EVP_DigestInit_ex2(ctx, md, nil) == 1, EVP_DigestUpdate(ctx, data, count) == 1,
           EVP_DigestFinal_ex(ctx, out, nil) == 1 {
            return
        }
        _ = COpenSSL.SHA256(data?.assumingMemoryBound(to: UInt8.self), count, out)
    }
}
