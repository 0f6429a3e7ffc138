extension WebSocketChannel {
    /// Takes over an accepted socket (loop only): TLS first when configured, then the HTTP request.
    func startServer(fd: Int32, remote: SocketAddress?) {
        self.fd = fd
        remoteAddress = remote
        Socket.setNoDelay(fd)
        loop.register(self)
        deadline = .now + limits.handshakeTimeout
        if let ctx = tlsContext {
            do { tls = try ctx.makeSession(fd: fd, clientHost: nil) } catch { terminate(.tls(error)); return }
            phase = .tlsHandshake
            driveTLS()
        } else {
            phase = .upgrading
            readAvailable()
        }
    }

    /// A request head arrived: upgrade it, or read its body for the HTTP handler.
    func handleRequestHead(_ head: HTTPRequestHead) {
        request = head
        if WebSocketHandshake.isUpgrade(head) {
            let (response, accepted) = WebSocketHandshake.accept(head)
            enqueueRaw(response.wireBytes)
            if accepted {
                becomeOpen(request: head)
            } else {
                phase = .responding
                closeAfterFlush = true
            }
            flushNow()
            return
        }
        if head.headers.contains("Transfer-Encoding", token: "chunked") {
            respondAndClose(HTTPResponse(status: 411, text: "\(HTTPParseError.chunkedNotSupported)\n"))
            return
        }
        let length: Int
        do { length = try HTTPHeadParser.contentLength(head.headers) ?? 0 } catch {
            respondAndClose(HTTPResponse(status: 400, text: "\(error)\n"))
            return
        }
        guard length <= limits.maxHTTPBodySize else {
            respondAndClose(HTTPResponse(status: 413, text: "\(HTTPParseError.bodyTooLarge(size: length, limit: limits.maxHTTPBodySize))\n"))
            return
        }
        if length > 0, head.headers["Expect"]?.lowercased() == "100-continue" {
            // RFC 9110 §10.1.1: curl waits for this before sending a large body.
            enqueueRaw(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            flushNow()
        }
        bodyLength = length
        phase = .readingBody
    }

    /// The whole body is in: hand the request to the handler, or answer 404 when there is none.
    func deliverHTTPRequest(_ head: HTTPRequestHead, body: [UInt8]) {
        phase = .responding
        deadline = .now + limits.httpResponseTimeout
        guard let handler = onHTTPRequest else {
            respondAndClose(HTTPResponse(status: 426, text: "this endpoint speaks WebSocket\n"))
            return
        }
        handler(head, body)
    }

    /// Answers the HTTP request from any thread; the connection closes after the response is written.
    func respond(_ response: HTTPResponse) {
        loop.execute { self.respondAndClose(response) }
    }

    /// Writes `response` with `Content-Length` and `Connection: close`, then ends the connection (loop only).
    func respondAndClose(_ response: HTTPResponse) {
        guard phase != .closed, phase != .lingering else { return }
        var headers = response.headers
        headers.set("Content-Length", "\(response.body.count)")
        headers.set("Connection", "close")
        var bytes = HTTPResponseHead(status: response.status, reason: HTTPResponse.reason(for: response.status), headers: headers).wireBytes
        if request?.method != "HEAD" { bytes += response.body }
        phase = .responding
        closeAfterFlush = true
        enqueueRaw(bytes)
        flushNow()
    }
}
