#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <openssl/rand.h>

// Macros that Swift cannot import.
static inline long COpenSSL_set_min_tls12(SSL_CTX *ctx) { return SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION); }
static inline long COpenSSL_set_sni(SSL *ssl, const char *host) { return SSL_set_tlsext_host_name(ssl, host); }
static inline OSSL_PARAM COpenSSL_param_end(void) { OSSL_PARAM p = OSSL_PARAM_END; return p; }
#endif
