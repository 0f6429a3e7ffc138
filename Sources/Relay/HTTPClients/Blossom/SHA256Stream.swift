import COpenSSL

/// SHA-256 fed in pieces (OpenSSL EVP), for files too large to hash in one buffer. Not `Sendable`: one owner feeds
/// one stream on one task, so the context needs no lock.
final class SHA256Stream {
    private let context: OpaquePointer?

    init() {
        context = EVP_MD_CTX_new()
        if let context { EVP_DigestInit_ex(context, EVP_sha256(), nil) }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the hash.
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest; the stream must not be used afterwards. Nil only if OpenSSL could not allocate a context.
    func finish() -> [UInt8]? {
        guard let context else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &out, &length) == 1, length == 32 else { return nil }
        return out
    }
}
