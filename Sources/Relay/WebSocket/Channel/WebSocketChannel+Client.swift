import Glibc

extension WebSocketChannel {
    /// Starts connecting to the first of `addresses` (loop only); `onOpen` or `onClose` reports the outcome.
    func startClient() {
        guard phase == .idle else { return }
        loop.register(self)
        deadline = connectStarted + connectTimeout
        tryNextAddress()
    }

    /// Connects to the next address, falling through the list on immediate failures (IPv6 then IPv4, …).
    private func tryNextAddress() {
        while nextAddress < addresses.count {
            let address = addresses[nextAddress]
            nextAddress += 1
            do {
                fd = try Socket.makeTCP(family: address.family)
                phase = .connecting
                if try Socket.startConnect(fd, to: address) { connected() }
                return
            } catch {
                lastConnectError = error
                if fd >= 0 { Socket.close(fd) }
                fd = -1
            }
        }
        phase = .connecting
        terminate(.io(lastConnectError ?? IOError(call: "connect", errno: EHOSTUNREACH)))
    }

    /// The non-blocking connect finished, well or badly.
    func finishConnect() {
        let err = Socket.pendingError(fd)
        guard err == 0 else {
            lastConnectError = IOError(call: "connect", errno: err)
            Socket.close(fd)
            fd = -1
            tryNextAddress()
            return
        }
        connected()
    }

    private func connected() {
        Socket.setNoDelay(fd)
        guard let ctx = tlsContext, let url else { beginUpgrade(); return }
        do { tls = try ctx.makeSession(fd: fd, clientHost: url.host) } catch { terminate(.tls(error)); return }
        phase = .tlsHandshake
        driveTLS()
    }

    /// One step of the TLS handshake, on either side (loop only).
    func driveTLS() {
        guard let tls else { return }
        do {
            switch try tls.handshake() {
            case .wantRead: tlsWantsWrite = false
            case .wantWrite: tlsWantsWrite = true
            case .done:
                tlsWantsWrite = false
                if role == .client {
                    beginUpgrade()
                } else {
                    phase = .upgrading
                    // The request may already sit in OpenSSL's buffer, where poll cannot see it.
                    readAvailable()
                }
            }
        } catch {
            terminate(.tls(error))
        }
    }

    private func beginUpgrade() {
        guard let url else { return }
        phase = .upgrading
        enqueueRaw(WebSocketHandshake.request(for: url, key: key, extraHeaders: extraHeaders).wireBytes)
        flushNow()
    }
}
