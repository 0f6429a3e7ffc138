import COpenSSL

/// SHA-1 through OpenSSL EVP; used only for `Sec-WebSocket-Accept` (RFC 6455 §4.2.2), never for security.
enum SHA1 {
    /// The 20-byte digest of `bytes`.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { EVP_Digest(raw.baseAddress, raw.count, $0.baseAddress, &length, EVP_sha1(), nil) }
        }
        precondition(ok == 1 && length == 20, "OpenSSL SHA-1 unavailable")
        return out
    }
}
