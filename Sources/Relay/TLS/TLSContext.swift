import COpenSSL
import Synchronization

/// Owns one `SSL_CTX`: the trust store, certificate and protocol floor shared by many connections.
final class TLSContext: Sendable {
    private let handle: Mutex<OpaquePointer>
    /// Whether sessions made from it verify their peer.
    let verifyPeer: Bool

    /// A client context: TLS ≥ 1.2, peer verification against the system store or `configuration.caFile`.
    static func client(_ configuration: TLSConfiguration) throws(TLSError) -> TLSContext {
        try TLSContext(configuration, server: false)
    }

    /// A server context presenting `configuration`'s certificate chain and key.
    static func server(_ configuration: TLSConfiguration) throws(TLSError) -> TLSContext {
        try TLSContext(configuration, server: true)
    }

    private init(_ configuration: TLSConfiguration, server: Bool) throws(TLSError) {
        ERR_clear_error()
        guard let ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method()) else {
            throw .configuration(OpenSSLErrors.drain("SSL_CTX_new failed"))
        }
        func fail(_ what: String) -> TLSError {
            SSL_CTX_free(ctx)
            return .configuration(OpenSSLErrors.drain(what))
        }
        guard COpenSSL_set_min_tls12(ctx) == 1 else { throw fail("cannot require TLS 1.2") }
        // The write queue may grow (and move) between a partial SSL_write and its retry.
        _ = SSL_CTX_ctrl(ctx, SSL_CTRL_MODE, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER), nil)
        if server {
            guard let chain = configuration.certificateChainFile, let key = configuration.privateKeyFile else {
                throw fail("a TLS server needs certificateChainFile and privateKeyFile")
            }
            guard SSL_CTX_use_certificate_chain_file(ctx, chain) == 1 else { throw fail("cannot load certificate chain \(chain)") }
            guard SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) == 1 else { throw fail("cannot load private key file") }
            guard SSL_CTX_check_private_key(ctx) == 1 else { throw fail("private key does not match the certificate") }
            verifyPeer = false
        } else {
            verifyPeer = configuration.verifyPeer
            if let ca = configuration.caFile {
                guard SSL_CTX_load_verify_locations(ctx, ca, nil) == 1 else { throw fail("cannot load CA file \(ca)") }
            } else {
                guard SSL_CTX_set_default_verify_paths(ctx) == 1 else { throw fail("cannot load the system CA store") }
            }
            SSL_CTX_set_verify(ctx, configuration.verifyPeer ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, nil)
        }
        handle = Mutex(ctx)
    }

    deinit { handle.withLock { SSL_CTX_free($0) } }

    /// A new `SSL` on `fd`; a client session checks `host` (DNS name or IP literal) and sends it as SNI.
    func makeSession(fd: Int32, clientHost host: String?) throws(TLSError) -> TLSSession {
        ERR_clear_error()
        guard let ssl = handle.withLock({ SSL_new($0) }) else { throw .configuration(OpenSSLErrors.drain("SSL_new failed")) }
        let session = TLSSession(ssl)
        try session.configure(fd: fd, clientHost: host, verify: verifyPeer)
        return session
    }
}
