import Synchronization
import NostrCore

/// One client connection to a `LocalRelayCore`, without I/O: feed it the client's messages in order with
/// `receive`, and it answers through its output (NIP-01 EVENT/REQ/CLOSE, NIP-42 AUTH, NIP-45 COUNT).
///
/// `receive` must be called serially (one message at a time, in arrival order); `deliver` may come from any
/// thread. Everything a session sends goes out under its lock, so replies keep their order.
public final class RelaySession: Sendable {
    struct State: Sendable {
        var subscriptions: [String: Subscription] = [:]
        var auth: AuthState
        var ended = false
    }

    /// The connection's id, unique within its relay.
    public let id: UInt64
    let core: LocalRelayCore
    let host: String?
    let output: @Sendable ([UInt8]) -> Bool
    let state: Mutex<State>

    init(id: UInt64, core: LocalRelayCore, host: String?, output: @escaping @Sendable ([UInt8]) -> Bool) {
        self.id = id
        self.core = core
        self.host = host
        self.output = output
        state = Mutex(State(auth: AuthState()))
    }

    /// The NIP-42 challenge of this connection.
    public var challenge: String { state.withLock { $0.auth.challenge } }

    /// The pubkeys that authenticated on this connection.
    public var authenticated: Set<PublicKey> { state.withLock { $0.auth.pubkeys } }

    /// How many subscriptions are open.
    public var subscriptionCount: Int { state.withLock { $0.subscriptions.count } }

    /// Call once the connection is open: sends `["AUTH", challenge]` when the relay requires authentication.
    public func start() {
        guard core.requiresAuth else { return }
        state.withLock { s in _ = output(RelayMessage.auth(challenge: s.auth.challenge).jsonBytes) }
    }

    /// Call when the connection is gone: drops its subscriptions.
    public func end() {
        state.withLock { s in
            s.ended = true
            s.subscriptions = [:]
        }
        core.registry.remove(id)
    }

    /// Handles one text message; what cannot be parsed is answered with NOTICE (or OK/CLOSED when the event
    /// id or subscription id can still be read) and the connection stays open.
    public func receive(_ text: some Collection<UInt8>) {
        let message: ClientMessage
        do {
            message = try ClientMessage(json: text)
        } catch {
            send(Self.reply(toUnparsable: text, error))
            return
        }
        receive(message)
    }

    /// Handles one parsed message.
    public func receive(_ message: ClientMessage) {
        switch message {
        case let .event(e): handleEvent(e)
        case let .req(sub, filters): handleReq(sub, filters)
        case let .count(sub, filters): handleCount(sub, filters)
        case let .close(sub): handleClose(sub)
        case let .auth(e): handleAuth(e)
        }
    }

    /// Sends `event` to this connection's subscriptions that match it (or keeps it for those still querying).
    public func deliver(_ event: Event) {
        state.withLock { s in
            guard !s.ended else { return }
            var bytes: [UInt8]?
            for (sub, subscription) in s.subscriptions where subscription.matches(event) {
                if subscription.backlog != nil {
                    s.subscriptions[sub]?.backlog?.append(event)
                } else {
                    let json = bytes ?? event.jsonBytes
                    bytes = json
                    _ = output(RelayMessage.eventBytes(subscriptionID: sub, eventJSON: json))
                }
            }
        }
    }

    // MARK: sending

    func send(_ message: RelayMessage) {
        state.withLock { s in if !s.ended { _ = output(message.jsonBytes) } }
    }

    /// The answer to a message that did not parse: OK for an EVENT whose id can be read, CLOSED for a REQ/COUNT
    /// whose subscription id can, NOTICE otherwise (NIP-01 asks for OK after every EVENT).
    static func reply(toUnparsable text: some Collection<UInt8>, _ error: WireError) -> RelayMessage {
        if let value = try? JSONValue.parse(text), let type = value[0]?.stringValue {
            switch type {
            case "EVENT":
                if let hex = value[1]?["id"]?.stringValue, hex.utf8.count == 64, let id = try? EventID(hex: hex) {
                    return .ok(eventID: id, accepted: false, message: "invalid: \(error)")
                }
            case "REQ", "COUNT":
                if let sub = value[1]?.stringValue, !sub.isEmpty, sub.count <= 64 {
                    return .closed(subscriptionID: sub, message: "invalid: \(error)")
                }
            default: break
            }
        }
        return .notice("could not handle message: \(error)")
    }
}
