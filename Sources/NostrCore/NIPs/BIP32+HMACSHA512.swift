import COpenSSL

/// HMAC-SHA512 through OpenSSL's one-shot HMAC (BIP-32 key derivation).
enum HMACSHA512 {
    static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 64) { out, count in
            var len: UInt32 = 64
            _ = HMAC(EVP_sha512(), key, Int32(key.count), message, message.count, out.baseAddress, &len)
            count = Int(len)
        }
    }
}
