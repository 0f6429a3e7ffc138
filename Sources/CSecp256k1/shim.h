#ifndef CSECP256K1_SHIM_H
#define CSECP256K1_SHIM_H
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <secp256k1_ecdh.h>

// Swift 6 rejects the extern global as shared mutable state.
static inline const secp256k1_context *CSecp256k1_context_static(void) { return secp256k1_context_static; }

// NIP-44 needs the unhashed x coordinate of the shared point, not libsecp256k1's default SHA-256 of it.
static inline int CSecp256k1_ecdh_xonly_hash(unsigned char *output, const unsigned char *x32,
                                             const unsigned char *y32, void *data) {
    (void)y32; (void)data;
    for (int i = 0; i < 32; i++) output[i] = x32[i];
    return 1;
}
static inline secp256k1_ecdh_hash_function CSecp256k1_ecdh_xonly(void) { return CSecp256k1_ecdh_xonly_hash; }
#endif
