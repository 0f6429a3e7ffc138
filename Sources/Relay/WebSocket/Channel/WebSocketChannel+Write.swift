import Glibc

extension WebSocketChannel {
    /// What to do when a peer does not read and the outbox is over `limits.maxOutboundBytes`.
    enum OverflowPolicy {
        /// Queue anyway: the caller has already waited for room (client `send`).
        case queue
        /// Refuse and close the connection with 1008: a server must not buffer without bound for one slow reader.
        case closeConnection
    }

    /// Queues a data frame from any thread; throws when the connection is closing or over its outbound limit.
    func send(_ opcode: Opcode, _ payload: some Collection<UInt8>, overflow: OverflowPolicy) throws(WebSocketError) {
        var bytes: [UInt8] = []
        FrameEncoder.encode(opcode: opcode, payload: payload, masked: role == .client, into: &bytes)
        let limit = limits.maxOutboundBytes
        let (schedule, overflowed) = try outbox.withLock { o throws(WebSocketError) -> (Bool, Bool) in
            if let failure = o.failure { throw failure }
            // A single message larger than the limit still goes out when nothing else is queued.
            if overflow == .closeConnection, o.pending > 0, o.pending + bytes.count > limit {
                o.failure = .outboundQueueFull(limit: limit)
                return (false, true)
            }
            o.buffer.append(contentsOf: bytes)
            defer { o.flushScheduled = true }
            return (!o.flushScheduled, false)
        }
        if overflowed {
            loop.execute { self.fail(.outboundQueueFull(limit: limit)) }
            throw .outboundQueueFull(limit: limit)
        }
        if schedule { loop.execute { self.flushNow() } }
    }

    /// Suspends until the outbox is under its limit (or the connection ended); the client's backpressure.
    func waitForRoom() async {
        let limit = limits.maxOutboundBytes
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let ready = outbox.withLock { o in
                if o.failure != nil || o.pending < limit { return true }
                o.waiters.append(c)
                return false
            }
            if ready { c.resume() }
        }
    }

    /// Queues bytes the channel itself produces (handshake, pong, close), ignoring the user-facing state (loop only).
    func enqueueRaw(_ bytes: [UInt8], thenRefuse failure: WebSocketError? = nil) {
        outbox.withLock { o in
            o.buffer.append(contentsOf: bytes)
            if let failure, o.failure == nil { o.failure = failure }
        }
        writePending = true
    }

    /// Queues a control frame (loop only).
    func enqueueControl(_ opcode: Opcode, _ payload: [UInt8], thenRefuse failure: WebSocketError? = nil) {
        enqueueRaw(FrameEncoder.encode(Frame(opcode: opcode, payload: payload), masked: role == .client), thenRefuse: failure)
    }

    /// Writes as much of the outbox as the socket takes now (loop only).
    func flushNow() {
        switch phase {
        case .idle, .connecting, .tlsHandshake, .closed: return
        default: break
        }
        var failed: WebSocketError?
        var toResume: [CheckedContinuation<Void, Never>] = []
        let half = limits.maxOutboundBytes / 2
        outbox.withLock { o in
            o.flushScheduled = false
            while o.pending > 0 {
                let head = o.head
                let result = o.buffer.withUnsafeBytes { raw in writeOnce(UnsafeRawBufferPointer(rebasing: raw[head...])) }
                switch result {
                case .success(.progressed(let n)): o.head += n
                case .success(.wouldBlock(let wantWrite)):
                    tlsWantsWrite = wantWrite
                    writePending = true
                    return resumable(&o)
                case .success(.eof): failed = .connectionLost; return
                case .failure(let e): failed = e; return
                }
            }
            o.buffer.removeAll(keepingCapacity: o.buffer.capacity <= 1 << 20)
            o.head = 0
            writePending = false
            resumable(&o)
        }
        func resumable(_ o: inout Outbox) {
            if o.head >= 1 << 20, o.head * 2 >= o.buffer.count {
                o.buffer.removeSubrange(0 ..< o.head)
                o.head = 0
            }
            if o.pending <= half, !o.waiters.isEmpty {
                toResume = o.waiters
                o.waiters = []
            }
        }
        for w in toResume { w.resume() }
        if let failed { terminate(failed); return }
        if closeAfterFlush, !writePending {
            if phase == .responding, role == .server, tls == nil { linger() } else { terminate(endError) }
        }
    }

    /// Ends an HTTP response gracefully (loop only). Closing while the client still sends a body we refused (413)
    /// makes the kernel answer with RST, which can destroy the response before the client reads it; so the write
    /// side is shut first and what still arrives is read and dropped, bounded in bytes and time, until the peer's FIN.
    private func linger() {
        guard Glibc.shutdown(fd, Int32(SHUT_WR)) == 0 else { terminate(endError); return }
        phase = .lingering
        lingerBudget = Self.maxLingerBytes
        deadline = .now + limits.closeTimeout
        inbound = ByteCursor()
    }

    private func writeOnce(_ bytes: UnsafeRawBufferPointer) -> Result<StreamStatus, WebSocketError> {
        if let tls {
            do { return .success(try tls.write(bytes)) } catch { return .failure(.tls(error)) }
        }
        do {
            let n = try nonBlockingSyscall("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
            return .success(n.map { .progressed($0) } ?? .wouldBlock(wantWrite: true))
        } catch {
            // A peer that reset the connection is a lost connection, not a local failure.
            if error.errno == EPIPE || error.errno == ECONNRESET { return .success(.eof) }
            return .failure(.io(error))
        }
    }

    /// Starts the close handshake with `code` (loop only); before the socket is open it just ends.
    func initiateClose(code: WebSocketCloseCode, reason: String) {
        switch phase {
        case .open:
            closeSent = true
            phase = .closing
            deadline = .now + limits.closeTimeout
            enqueueControl(.close, FrameEncoder.closePayload(code: code, reason: reason), thenRefuse: .closed(code: code, reason: reason))
            flushNow()
        case .closing, .closed: return
        default: terminate(.cancelled)
        }
    }

    /// Ends the connection because of `error`: a close frame with its code when the socket is open, then close (loop only).
    func fail(_ error: WebSocketError) {
        switch phase {
        case .open, .closing:
            endError = error
            closeAfterFlush = true
            if !closeSent {
                closeSent = true
                // The description is safe to send: errors never carry secrets or message content.
                enqueueControl(.close, FrameEncoder.closePayload(code: error.closeCode, reason: error.description), thenRefuse: error)
            }
            if phase == .open {
                phase = .closing
                deadline = .now + limits.closeTimeout
            }
            inbound = ByteCursor()
            flushNow()
        case .closed: return
        default: terminate(error)
        }
    }
}
