import COpenSSL

extension NIP04 {
    /// What one AES-256-CBC pass produced.
    enum AESResult {
        case output([UInt8])
        /// `EVP_*Final_ex` refused the padding (decryption only).
        case badPadding
        /// Setup failed; `ERR_get_error()` value.
        case failed(UInt)
    }

    /// AES-256-CBC with PKCS#7 padding through OpenSSL EVP; the context lives only for this call.
    static func aes256CBC(encrypt: Bool, _ input: [UInt8], key: [UInt8], iv: [UInt8]) -> AESResult {
        guard let ctx = EVP_CIPHER_CTX_new() else { return .failed(ERR_get_error()) }
        defer { EVP_CIPHER_CTX_free(ctx) } // also clears the key schedule
        guard EVP_CipherInit_ex(ctx, EVP_aes_256_cbc(), nil, key, iv, encrypt ? 1 : 0) == 1 else {
            return .failed(ERR_get_error())
        }
        var out = [UInt8](repeating: 0, count: input.count + 16)
        var written: Int32 = 0, final: Int32 = 0
        let updated = out.withUnsafeMutableBufferPointer { o in
            EVP_CipherUpdate(ctx, o.baseAddress, &written, input, Int32(input.count)) == 1
        }
        guard updated else { ConstantTime.wipe(&out); return .failed(ERR_get_error()) }
        let finished = out.withUnsafeMutableBufferPointer { o in
            EVP_CipherFinal_ex(ctx, o.baseAddress! + Int(written), &final) == 1
        }
        guard finished else {
            ConstantTime.wipe(&out)
            let code = ERR_get_error()
            // Drop the rest of the queue so a bad-padding error cannot surface in an unrelated later call.
            ERR_clear_error()
            return encrypt ? .failed(code) : .badPadding
        }
        let result = Array(out[0 ..< Int(written + final)])
        ConstantTime.wipe(&out)
        return .output(result)
    }
}
