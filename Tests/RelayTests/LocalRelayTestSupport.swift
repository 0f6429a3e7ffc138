import Glibc
import Synchronization
import NostrCore
@testable import Relay

/// Fixed keys and a fixed clock so failures repeat.
enum Fixture {
    static let now: Int64 = 1_700_000_100
    static let alice = key(1)
    static let bob = key(2)

    static func key(_ n: UInt8) -> SecretKey {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes[31] = n
        // 1 and 2 are valid secp256k1 scalars.
        return (try? SecretKey(bytes: bytes)) ?? SecretKey.generate()
    }

    static func event(_ key: SecretKey = alice, kind: Kind = 1, content: String = "gm", tags: [Tag] = [],
                      at: Int64 = now - 50) throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: at, kind: kind, tags: tags, content: content).sign(with: key)
    }

    /// `event` with its signature's last byte flipped.
    static func forged(_ event: Event) -> Event {
        var sig = event.sig
        sig[63] ^= 1
        return Event(id: event.id, pubkey: event.pubkey, createdAt: event.createdAt, kind: event.kind, tags: event.tags,
                     content: event.content, sig: sig)
    }

    /// A NIP-42 answer to `challenge` for `relay`.
    static func auth(_ key: SecretKey = alice, challenge: String, relay: String, at: Int64 = now) throws -> Event {
        try event(key, kind: .clientAuth, content: "", tags: [["relay", relay], ["challenge", challenge]], at: at)
    }
}

/// Collects what a session sends, parsed back with the wire codec.
final class SentMessages: Sendable {
    private let messages = Mutex<[RelayMessage]>([])
    private let open = Atomic<Bool>(true)

    var output: @Sendable ([UInt8]) -> Bool {
        { [self] bytes in
            guard open.load(ordering: .relaxed) else { return false }
            let m = (try? RelayMessage(json: bytes)) ?? .notice("UNPARSABLE \(String(decoding: bytes, as: UTF8.self))")
            messages.withLock { $0.append(m) }
            return true
        }
    }

    /// Everything sent since the last call.
    func take() -> [RelayMessage] { messages.withLock { m in defer { m = [] }; return m } }

    /// Makes the output report a closed connection.
    func close() { open.store(false, ordering: .relaxed) }
}

/// An in-memory `EventStore` with a hook that runs inside the next query (to race a publish against a REQ).
final class TestStorage: LocalRelayStorage {
    let store: EventStore
    private let hook = Mutex<(@Sendable () -> Void)?>(nil)

    private init(store: EventStore) { self.store = store }

    static func make() throws -> TestStorage { TestStorage(store: try EventStore(path: ":memory:")) }

    /// Runs once, inside the next query, after it has read the events.
    var afterQuery: (@Sendable () -> Void)? {
        get { hook.withLock { $0 } }
        set { hook.withLock { $0 = newValue } }
    }

    func store(_ event: Event, now: Int64) throws -> LocalRelayStorageOutcome { try store.store(event, now: now) }

    func events(matching filters: [Filter], now: Int64) throws -> [Event] {
        let found = try store.events(matching: filters, now: now)
        // Like an event committed while a real query reads.
        if let h = hook.withLock({ h in defer { h = nil }; return h }) { h() }
        return found
    }

    func count(matching filters: [Filter], now: Int64) throws -> Int { try store.count(matching: filters, now: now) }
}

/// A Nostr client over the transport's WebSocket client, for one task: send messages, read the relay's answers.
final class TestClient {
    let ws: any WebSocketConnection
    private var messages: AsyncThrowingStream<WebSocketMessage, Error>.AsyncIterator

    init(_ url: String) async throws {
        ws = try await POSIXWebSocketTransport().connect(url: url)
        messages = ws.messages.makeAsyncIterator()
    }

    struct StreamEnded: Error {}

    func send(_ message: ClientMessage) async throws { try await ws.send(text: message.json) }

    func send(raw text: String) async throws { try await ws.send(text: text) }

    /// The next message from the relay.
    func next() async throws -> RelayMessage {
        guard case let .text(text)? = try await messages.next() else { throw StreamEnded() }
        return try RelayMessage(json: text)
    }

    /// Publishes and returns the relay's OK (accepted, message).
    func publish(_ event: Event) async throws -> (Bool, String) {
        try await send(.event(event))
        while true {
            if case let .ok(id, accepted, message) = try await next(), id == event.id { return (accepted, message) }
        }
    }

    /// Opens a subscription and returns the stored events, up to EOSE (or the CLOSED reason).
    func subscribe(_ sub: String, _ filters: [Filter]) async throws -> Result<[Event], ClosedError> {
        try await send(.req(subscriptionID: sub, filters: filters))
        var events: [Event] = []
        while true {
            switch try await next() {
            case let .event(s, e) where s == sub: events.append(e)
            case let .eose(s) where s == sub: return .success(events)
            case let .closed(s, reason) where s == sub: return .failure(ClosedError(reason: reason))
            default: continue
            }
        }
    }

    struct ClosedError: Error, Equatable { let reason: String }

    func close() async { await ws.close() }
}

/// A blocking WebSocket client on a raw socket that can stop reading: a peer whose TCP window fills up.
final class StalledClient {
    let fd: Int32

    /// Connects, upgrades, and sends `messages`; then reads nothing until `drainToEnd`.
    init(port: UInt16, messages: [ClientMessage]) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = port.bigEndian
        // A small receive buffer so the relay's queue, not the kernel, has to absorb what is not read.
        var small: Int32 = 16 * 1024
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(4))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard rc == 0 else { throw IOError(call: "connect", errno: errno) }
        var tv = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let key = WebSocketHandshake.makeKey()
        let url = try WebSocketURL("ws://127.0.0.1:\(port)/")
        write(WebSocketHandshake.request(for: url, key: key).wireBytes)
        // Read the 101 response head byte by byte so no frame after it is consumed.
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard recv(fd, &byte, 1, 0) == 1 else { throw IOError(call: "recv", errno: errno) }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { throw IOError(call: "upgrade", errno: 0) }
        for m in messages { write(FrameEncoder.encode(Frame(opcode: .text, payload: m.jsonBytes), masked: true)) }
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            off += n
        }
    }

    /// Reads until the relay ends the connection; returns false if it is still open after the receive timeout.
    func drainToEnd() -> Bool {
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { continue }
            if n == 0 { return true }
            return errno == ECONNRESET
        }
    }
}
