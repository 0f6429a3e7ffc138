import Glibc

extension WebSocketChannel {
    /// Reads until the socket would block, handing what arrived to the phase's parser (loop only).
    func readAvailable() {
        while phase != .closed {
            let status: StreamStatus
            let buffer = loop.scratch
            if let tls {
                do { status = try tls.read(buffer) } catch { terminate(.tls(error)); return }
            } else {
                do {
                    let n = try nonBlockingSyscall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
                    status = n.map { $0 == 0 ? .eof : .progressed($0) } ?? .wouldBlock(wantWrite: false)
                } catch {
                    if error.errno == ECONNRESET { status = .eof } else { terminate(.io(error)); return }
                }
            }
            switch status {
            case .progressed(let n):
                tlsWantsWrite = false
                if phase == .lingering {
                    lingerBudget -= n
                    if lingerBudget <= 0 { terminate(endError); return }
                    continue
                }
                // After a protocol error the rest of the stream is meaningless: drop it while the close goes out.
                guard endError == nil else { continue }
                inbound.append(UnsafeRawBufferPointer(rebasing: buffer[0 ..< n]))
                heardFromPeer()
                process()
            case .wouldBlock(let wantWrite):
                tlsWantsWrite = wantWrite
                return
            case .eof:
                peerClosedStream()
                return
            }
        }
    }

    /// The peer closed TCP (or TLS) (loop only).
    private func peerClosedStream() {
        switch phase {
        case .closing where closeSent && endError == nil:
            // We asked to close and the peer hung up without its close frame: the user's intent is met.
            terminate(nil)
        case .closing, .responding, .lingering:
            terminate(endError)
        default:
            terminate(.connectionLost)
        }
    }

    /// Parses what `inbound` holds according to the phase (loop only).
    func process() {
        while true {
            switch phase {
            case .upgrading:
                guard advanceUpgrade() else { return }
            case .readingBody:
                guard inbound.readableCount >= bodyLength, let head = request else { return }
                let body = inbound.read(bodyLength) ?? []
                deliverHTTPRequest(head, body: body)
                return
            case .open, .closing:
                processFrames()
                return
            case .responding:
                // One request per connection: anything pipelined after it is ignored.
                inbound = ByteCursor()
                return
            default:
                return
            }
        }
    }

    /// Handles the HTTP head of the upgrade; true when the phase moved on and `process` should continue.
    private func advanceUpgrade() -> Bool {
        switch role {
        case .client:
            let head: HTTPResponseHead?
            do { head = try headParser.nextResponse(&inbound) } catch { terminate(.handshakeMalformed(error)); return false }
            guard let head else { return false }
            do { try WebSocketHandshake.validate(head, key: key) } catch { terminate(error); return false }
            becomeOpen(request: nil)
            return phase == .open
        case .server:
            let head: HTTPRequestHead?
            do { head = try headParser.nextRequest(&inbound) } catch {
                respondAndClose(HTTPResponse(status: error == .headTooLarge(limit: limits.maxHTTPHeadSize) ? 431 : 400, text: "\(error)\n"))
                return false
            }
            guard let head else { return false }
            handleRequestHead(head)
            return phase == .readingBody || phase == .open
        }
    }

    /// The handshake succeeded: users may send now (loop only).
    func becomeOpen(request: HTTPRequestHead?) {
        phase = .open
        deadline = limits.pingInterval.map { .now + $0 }
        outbox.withLock { $0.failure = nil }
        onOpen?(request)
    }

    private func processFrames() {
        while phase == .open || phase == .closing, endError == nil {
            let event: MessageAssembler.Event?
            do {
                guard let frame = try frameParser.next(&inbound) else { return }
                event = try assembler.push(frame)
            } catch {
                fail(error)
                return
            }
            switch event {
            case nil, .pong: continue
            case .message(let m): onMessage?(m)
            case .ping(let payload):
                // §5.5.2: answer with the same payload, unless we already sent our close.
                if !closeSent { enqueueControl(.pong, payload); flushNow() }
            case .close(let code, let reason):
                receivedClose(code: code, reason: reason)
                return
            }
        }
    }

    /// §5.5.1: echo the peer's close (if we have not closed first), then end the connection.
    private func receivedClose(code: WebSocketCloseCode, reason: String) {
        let ending: WebSocketError? = code == .normal || code == .noStatus ? nil : .closed(code: code, reason: reason)
        if closeSent {
            terminate(endError)
            return
        }
        closeSent = true
        endError = ending
        closeAfterFlush = true
        phase = .closing
        deadline = .now + limits.closeTimeout
        let reply = code == .noStatus ? WebSocketCloseCode.normal : code
        enqueueControl(.close, FrameEncoder.closePayload(code: reply, reason: ""), thenRefuse: .closed(code: code, reason: reason))
        flushNow()
    }
}
