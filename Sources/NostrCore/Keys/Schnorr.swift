import CSecp256k1

/// BIP-340 Schnorr signatures over secp256k1.
public enum Schnorr {
    /// Signs a 32-byte message (an event id) with fresh auxiliary randomness.
    public static func sign(_ message: [UInt8], with key: SecretKey) throws(KeyError) -> [UInt8] {
        try sign(message, with: key, auxRand: SecureRandom.bytes(32))
    }

    /// Signs a 32-byte message with the given auxiliary randomness (for test vectors).
    public static func sign(_ message: [UInt8], with key: SecretKey, auxRand: [UInt8]) throws(KeyError) -> [UInt8] {
        guard message.count == 32 else { throw .invalidLength(expected: 32, got: message.count) }
        guard auxRand.count == 32 else { throw .invalidLength(expected: 32, got: auxRand.count) }
        var sig = [UInt8](repeating: 0, count: 64)
        let ok = key.withKeypair { kp in
            secp256k1_schnorrsig_sign32(Secp256k1Context.shared.handle, &sig, message, kp, auxRand)
        }
        guard ok == 1 else { throw .signingFailed }
        return sig
    }

    /// Whether `signature` is valid for `message` (any length) under `publicKey`.
    public static func isValid(_ signature: [UInt8], message: [UInt8], publicKey: PublicKey) -> Bool {
        guard let parsed = try? ParsedPublicKey(publicKey) else { return false }
        return isValid(signature, message: message, publicKey: parsed)
    }

    /// Whether `signature` is valid for `message` under an already parsed key (no re-parse).
    public static func isValid(_ signature: [UInt8], message: [UInt8], publicKey: ParsedPublicKey) -> Bool {
        guard signature.count == 64 else { return false }
        var pk = publicKey.xonly
        return signature.withUnsafeBufferPointer { s in
            message.withUnsafeBufferPointer { m in
                secp256k1_schnorrsig_verify(Secp256k1Context.verifying, s.baseAddress!, m.baseAddress, m.count, &pk) == 1
            }
        }
    }
}

/// Elliptic-curve Diffie-Hellman as Nostr uses it: the x coordinate of the shared point, unhashed.
public enum ECDH {
    /// The 32-byte x coordinate of `secret × publicKey` (NIP-04 and NIP-44 shared secret).
    public static func sharedX(_ secret: SecretKey, _ publicKey: PublicKey) throws(KeyError) -> [UInt8] {
        // The x-only key is lifted to the even-y point (BIP-340), as NIP-04/NIP-44 require.
        try sharedX(secret, ParsedPublicKey(forAgreement: publicKey))
    }

    /// `sharedX` with a key already parsed `forAgreement` (no second square root).
    public static func sharedX(_ secret: SecretKey, _ publicKey: ParsedPublicKey) throws(KeyError) -> [UInt8] {
        guard var full = publicKey.point else { return try sharedX(secret, publicKey.key) }
        var out = [UInt8](repeating: 0, count: 32)
        let sk = secret.bytes
        let ok = secp256k1_ecdh(Secp256k1Context.shared.handle, &out, &full, sk, CSecp256k1_ecdh_xonly(), nil)
        guard ok == 1 else { throw .ecdhFailed }
        return out
    }
}
