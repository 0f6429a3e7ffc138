import Dispatch
import Glibc

/// SIGINT and SIGTERM as one awaited value, so the bunker closes its relays and database cleanly.
final class StopSignal: Sendable {
    private let stream: AsyncStream<Int32>
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]  // kept alive; never mutated after init

    init() {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        self.stream = stream
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { continuation.yield(sig) }
            source.resume()
            return source
        }
    }

    /// The first signal received.
    func wait() async -> Int32 {
        for await s in stream { return s }
        return SIGTERM
    }
}
