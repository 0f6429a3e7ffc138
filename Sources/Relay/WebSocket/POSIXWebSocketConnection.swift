import Synchronization

/// A client WebSocket over a `WebSocketChannel`; made by `POSIXWebSocketTransport.connect`.
public final class POSIXWebSocketConnection: WebSocketConnection {
    private struct State {
        var opening: CheckedContinuation<Result<Void, WebSocketError>, Never>?
        var closed = false
        /// Why the channel ended, kept for an `open` that arrives after the end (cancelled before it started).
        var endReason: WebSocketError?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    public let url: WebSocketURL
    public let messages: AsyncThrowingStream<WebSocketMessage, Error>
    private let channel: WebSocketChannel
    private let box = StateBox()

    /// The lock lives in a class of its own so the channel's callbacks can share it without retaining the connection.
    private final class StateBox: Sendable {
        let state = Mutex(State())
    }

    init(url: WebSocketURL, channel: WebSocketChannel) {
        self.url = url
        self.channel = channel
        let (stream, continuation) = AsyncThrowingStream<WebSocketMessage, Error>.makeStream()
        messages = stream
        continuation.onTermination = { [channel] reason in
            // The consumer stopped listening: there is no one left to read what the peer sends.
            if case .cancelled = reason { channel.loop.execute { channel.initiateClose(code: .goingAway, reason: "") } }
        }
        channel.onMessage = { continuation.yield($0) }
        channel.onOpen = { [box] _ in
            box.state.withLock { $0.opening.take() }?.resume(returning: .success(()))
        }
        channel.onClose = { [box] error in
            let (opening, waiters) = box.state.withLock { s in
                s.closed = true
                s.endReason = error ?? .connectionLost
                defer { s.closeWaiters = [] }
                return (s.opening.take(), s.closeWaiters)
            }
            opening?.resume(returning: .failure(error ?? .connectionLost))
            for w in waiters { w.resume() }
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        }
    }

    deinit {
        // Nobody can read or send any more: tell the peer instead of leaving the socket open.
        let channel = self.channel
        channel.loop.execute { channel.initiateClose(code: .goingAway, reason: "") }
    }

    /// Hands the channel to the loop and waits for the handshake (or its failure, timeout or cancellation).
    func open(timeout: Duration) async throws(WebSocketError) -> POSIXWebSocketConnection {
        let channel = self.channel
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Result<Void, WebSocketError>, Never>) in
                let ended = box.state.withLock { s -> WebSocketError? in
                    if s.closed { return s.endReason ?? .cancelled }
                    s.opening = c
                    return nil
                }
                if let ended { c.resume(returning: .failure(ended)) } else { channel.loop.execute { channel.startClient() } }
            }
        } onCancel: {
            channel.loop.execute { channel.terminate(.cancelled) }
        }
        try result.get()
        return self
    }

    public func send(text: String) async throws(WebSocketError) {
        await channel.waitForRoom()
        try channel.send(.text, text.utf8, overflow: .queue)
    }

    public func send(binary: [UInt8]) async throws(WebSocketError) {
        await channel.waitForRoom()
        try channel.send(.binary, binary, overflow: .queue)
    }

    public func close(code: WebSocketCloseCode, reason: String) async {
        let channel = self.channel
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let done = box.state.withLock { s in
                if s.closed { return true }
                s.closeWaiters.append(c)
                return false
            }
            if done { c.resume() } else { channel.loop.execute { channel.initiateClose(code: code, reason: reason) } }
        }
    }

    /// Drops the TCP connection without a close handshake (for tests of peers that vanish).
    public func abort() { channel.abort() }
}
