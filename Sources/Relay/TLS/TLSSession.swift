import COpenSSL
import Synchronization

/// Owns one `SSL` over a non-blocking socket: handshake, read and write that report "would block" instead of waiting.
final class TLSSession: Sendable {
    /// What a non-blocking TLS step needs next.
    enum Progress { case done, wantRead, wantWrite }

    private let handle: Mutex<OpaquePointer>

    init(_ ssl: sending OpaquePointer) { handle = Mutex(ssl) }

    deinit { handle.withLock { SSL_free($0) } }

    func configure(fd: Int32, clientHost host: String?, verify: Bool) throws(TLSError) {
        try handle.withLock { ssl throws(TLSError) in
            guard SSL_set_fd(ssl, fd) == 1 else { throw .configuration(OpenSSLErrors.drain("SSL_set_fd failed")) }
            guard let host else { SSL_set_accept_state(ssl); return }
            SSL_set_connect_state(ssl)
            if SocketAddress.isIPLiteral(host) {
                // RFC 6066 §3: SNI carries names only; an IP is checked against the certificate's IP SANs.
                if verify, X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) != 1 {
                    throw .configuration(OpenSSLErrors.drain("cannot verify against IP \(host)"))
                }
            } else {
                guard COpenSSL_set_sni(ssl, host) == 1 else { throw .configuration(OpenSSLErrors.drain("cannot set SNI")) }
                if verify, SSL_set1_host(ssl, host) != 1 { throw .configuration(OpenSSLErrors.drain("cannot set host name check")) }
            }
        }
    }

    /// One step of the handshake.
    func handshake() throws(TLSError) -> Progress {
        try handle.withLock { ssl throws(TLSError) in
            ERR_clear_error()
            let r = SSL_do_handshake(ssl)
            if r == 1 { return .done }
            let e = SSL_get_error(ssl, r)
            if e == SSL_ERROR_WANT_READ { return .wantRead }
            if e == SSL_ERROR_WANT_WRITE { return .wantWrite }
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                let text = X509_verify_cert_error_string(verify).map { String(cString: $0) } ?? "code \(verify)"
                ERR_clear_error()
                throw .certificateRejected(text)
            }
            throw .handshakeFailed(OpenSSLErrors.drain(e == SSL_ERROR_SYSCALL ? "connection closed during the handshake" : "error \(e)"))
        }
    }

    /// Reads decrypted bytes into `buffer`.
    func read(_ buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> StreamStatus {
        // The caller owns the buffer for the call; passing its address as an integer keeps the region checker from
        // tying the caller's memory to the handle inside the lock.
        let address = UInt(bitPattern: buffer.baseAddress), count = buffer.count
        return try handle.withLock { ssl throws(TLSError) in
            ERR_clear_error()
            var n = 0
            let r = SSL_read_ex(ssl, UnsafeMutableRawPointer(bitPattern: address), count, &n)
            return r == 1 ? .progressed(n) : try Self.status(SSL_get_error(ssl, r), "read")
        }
    }

    /// Writes the bytes of `buffer` (some of them, with partial writes on).
    func write(_ buffer: UnsafeRawBufferPointer) throws(TLSError) -> StreamStatus {
        let address = UInt(bitPattern: buffer.baseAddress), count = buffer.count
        return try handle.withLock { ssl throws(TLSError) in
            ERR_clear_error()
            var n = 0
            let r = SSL_write_ex(ssl, UnsafeRawPointer(bitPattern: address), count, &n)
            return r == 1 ? .progressed(n) : try Self.status(SSL_get_error(ssl, r), "write")
        }
    }

    /// Sends close_notify without waiting for the peer's.
    func shutdown() { handle.withLock { ssl in ERR_clear_error(); _ = SSL_shutdown(ssl); ERR_clear_error() } }

    private static func status(_ error: Int32, _ what: String) throws(TLSError) -> StreamStatus {
        switch error {
        case SSL_ERROR_WANT_READ: return .wouldBlock(wantWrite: false)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(wantWrite: true)
        case SSL_ERROR_ZERO_RETURN: return .eof
        case SSL_ERROR_SYSCALL:
            ERR_clear_error()
            return .eof
        default:
            // OpenSSL 3 reports a peer that vanished without close_notify as an SSL error; it is still an EOF.
            let text = OpenSSLErrors.drain("\(what) failed")
            if text.contains("unexpected eof") { return .eof }
            throw .stream(text)
        }
    }
}
