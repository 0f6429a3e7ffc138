import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SHA-256 through OpenSSL with the algorithm fetched once and one digest context per thread, for
/// event ids, HMAC and `SHA256.hash`: OpenSSL 3's one-shot `SHA256()` and `HMAC()` fetch the algorithm
/// (under a lock) and allocate a context on every call, which costs more than hashing a short note.
enum SHA256Context {
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
        if hash(UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count), into: out) { return }
        _ = COpenSSL.SHA256(data?.assumingMemoryBound(to: UInt8.self), count, out)
    }

    /// Writes SHA-256 of the parts, in order, into 32 bytes at `out`; false (nothing written) when OpenSSL
    /// has no digest context to give, for callers with a one-shot fallback.
    static func hash(_ parts: UnsafeRawBufferPointer..., into out: UnsafeMutablePointer<UInt8>) -> Bool {
        guard let md = sha256, let ctx = threadContext(), EVP_DigestInit_ex2(ctx, md, nil) == 1 else { return false }
        for part in parts where part.count > 0 {
            guard EVP_DigestUpdate(ctx, part.baseAddress, part.count) == 1 else { return false }
        }
        return EVP_DigestFinal_ex(ctx, out, nil) == 1
    }
}
