import CSecp256k1

extension BOLT11Invoice {
    /// Whether the signature verifies under the explicit payee key (`n`); nil when the invoice has no
    /// `n` field, since checking it would need ECDSA public-key recovery, which this library leaves out.
    public var isPayeeSignatureValid: Bool? {
        guard let payee else { return nil }
        let ctx = Secp256k1Context.verifying
        var key = secp256k1_pubkey()
        guard payee.count == 33, secp256k1_ec_pubkey_parse(ctx, &key, payee, 33) == 1 else { return false }
        var sig = secp256k1_ecdsa_signature()
        guard signature.count == 64, secp256k1_ecdsa_signature_parse_compact(ctx, &sig, signature) == 1 else { return false }
        // libsecp256k1 accepts only low-S signatures, which BOLT-11 requires when `n` is given.
        return secp256k1_ecdsa_verify(ctx, &sig, signedHash, &key) == 1
    }
}
