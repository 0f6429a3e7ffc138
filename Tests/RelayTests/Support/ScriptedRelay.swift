import NostrCore
import Relay
import Synchronization

/// A small in-memory relay on 127.0.0.1 for client tests, with switches to misbehave: never answer OK or EOSE,
/// reject events, require NIP-42 auth, drop the connection in the middle of a subscription, send garbage.
final class ScriptedRelay: WebSocketServerHandler {
    struct Behaviour: Sendable {
        /// Answer EVENT with OK (false: silence).
        var answerOK = true
        /// Answer REQ with EOSE (false: stored events, then silence).
        var answerEOSE = true
        /// Refuse every EVENT with this OK message.
        var rejectWith: String?
        /// Send an AUTH challenge on open and refuse EVENT and REQ until authenticated.
        var requireAuth = false
        /// On the next REQ, send this many stored events and then drop the TCP connection (once).
        var dropAfterEvents: Int?
        /// Sent as raw text before answering each REQ.
        var garbageBeforeReq: String?
        /// Answer COUNT.
        var answerCount = true
    }

    let behaviour: Mutex<Behaviour>
    private let stored = Mutex<[Event]>([])
    private let log = Mutex<[ClientMessage]>([])
    private let subs = Mutex<[UInt64: [String: [Filter]]]>([:])
    private let connections = Mutex<[UInt64: WebSocketServerConnection]>([:])
    private let authed = Mutex<Set<UInt64>>([])
    private let challenges = Mutex<[UInt64: String]>([:])
    private let opens = Atomic<Int>(0)
    private let serverBox = Mutex<WebSocketServer?>(nil)

    init(_ behaviour: Behaviour = Behaviour(), events: [Event] = []) {
        self.behaviour = Mutex(behaviour)
        stored.withLock { $0 = events }
    }

    /// Starts a relay on an ephemeral port.
    static func start(_ behaviour: Behaviour = Behaviour(), events: [Event] = []) throws -> ScriptedRelay {
        let relay = ScriptedRelay(behaviour, events: events)
        let server = try WebSocketServer(handler: relay)
        relay.serverBox.withLock { $0 = server }
        return relay
    }

    var server: WebSocketServer { serverBox.withLock { $0! } }
    var url: String { server.url }
    var relayURL: RelayURL { try! RelayURL(url) }

    func stop() async { await server.shutdown() }

    /// Every client message received, in order.
    var received: [ClientMessage] { log.withLock { $0 } }
    /// The REQs received, in order.
    var reqs: [(String, [Filter])] {
        received.compactMap { if case let .req(s, f) = $0 { (s, f) } else { nil } }
    }
    /// How many WebSockets were opened.
    var openCount: Int { opens.load(ordering: .relaxed) }
    /// The events stored.
    var events: [Event] { stored.withLock { $0 } }

    /// Stores `event` without telling any subscriber (as if published while a client was away).
    func store(_ event: Event) { stored.withLock { $0.append(event) } }

    /// Drops every TCP connection without a close handshake.
    func dropAll() {
        for c in connections.withLock({ Array($0.values) }) { c.abort() }
    }

    /// Sends raw text to every connection.
    func sendToAll(_ text: String) {
        for c in connections.withLock({ Array($0.values) }) { try? c.send(text: text) }
    }

    func didOpen(_ connection: WebSocketServerConnection) {
        opens.add(1, ordering: .relaxed)
        connections.withLock { $0[connection.id] = connection }
        if behaviour.withLock({ $0.requireAuth }) {
            let challenge = "challenge-\(connection.id)"
            challenges.withLock { $0[connection.id] = challenge }
            try? connection.send(text: RelayMessage.auth(challenge: challenge).json)
        }
    }

    func didClose(_ connection: WebSocketServerConnection, error: WebSocketError?) {
        connections.withLock { $0[connection.id] = nil }
        subs.withLock { $0[connection.id] = nil }
        authed.withLock { _ = $0.remove(connection.id) }
    }

    func didReceive(_ message: WebSocketMessage, from c: WebSocketServerConnection) {
        guard case let .text(text) = message, let m = try? ClientMessage(json: text) else {
            try? c.send(text: RelayMessage.notice("could not parse your message").json)
            return
        }
        log.withLock { $0.append(m) }
        let b = behaviour.withLock { $0 }
        let isAuthed = !b.requireAuth || authed.withLock { $0.contains(c.id) }
        switch m {
        case let .event(e):
            guard b.answerOK else { return }
            if !isAuthed { return send(c, .ok(eventID: e.id, accepted: false, message: "auth-required: sign in first")) }
            if let reason = b.rejectWith { return send(c, .ok(eventID: e.id, accepted: false, message: reason)) }
            guard e.isValid else { return send(c, .ok(eventID: e.id, accepted: false, message: "invalid: bad id or signature")) }
            let isNew = stored.withLock { s -> Bool in
                if s.contains(where: { $0.id == e.id }) { return false }
                s.append(e)
                return true
            }
            send(c, .ok(eventID: e.id, accepted: true, message: isNew ? "" : "duplicate: already have this event"))
            if isNew { broadcast(e) }
        case let .req(sid, filters):
            if !isAuthed { return send(c, .closed(subscriptionID: sid, message: "auth-required: sign in first")) }
            if let g = b.garbageBeforeReq { try? c.send(text: g) }
            subs.withLock { $0[c.id, default: [:]][sid] = filters }
            var matching = stored.withLock { s in s.filter { e in filters.contains { $0.matches(e) } } }
            matching.sort { $0.createdAt > $1.createdAt }
            if let limit = filters.compactMap(\.limit).max() { matching = Array(matching.prefix(limit)) }
            if let n = b.dropAfterEvents {
                behaviour.withLock { $0.dropAfterEvents = nil }
                for e in matching.prefix(n) { send(c, .event(subscriptionID: sid, event: e)) }
                c.abort()
                return
            }
            for e in matching { send(c, .event(subscriptionID: sid, event: e)) }
            if b.answerEOSE { send(c, .eose(subscriptionID: sid)) }
        case let .close(sid):
            subs.withLock { $0[c.id]?[sid] = nil }
        case let .count(sid, filters):
            guard b.answerCount else { return }
            if !isAuthed { return send(c, .closed(subscriptionID: sid, message: "auth-required: sign in first")) }
            let n = stored.withLock { s in s.filter { e in filters.contains { $0.matches(e) } }.count }
            send(c, .count(subscriptionID: sid, count: n))
        case let .auth(e):
            let expected = challenges.withLock { $0[c.id] }
            let ok = e.isValid && e.kind == .clientAuth && e.firstTagValue("challenge") == expected && expected != nil
            if ok { authed.withLock { _ = $0.insert(c.id) } }
            send(c, .ok(eventID: e.id, accepted: ok, message: ok ? "" : "invalid: bad challenge"))
        }
    }

    func respond(to request: HTTPServerRequest) async -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/nostr+json"],
                     body: Array(#"{"name":"scripted","supported_nips":[1,11,42,45]}"#.utf8))
    }

    private func send(_ c: WebSocketServerConnection, _ m: RelayMessage) { try? c.send(text: m.json) }

    private func broadcast(_ e: Event) {
        let targets = subs.withLock { all in
            all.flatMap { conn, byID in byID.filter { $0.value.contains { $0.matches(e) } }.map { (conn, $0.key) } }
        }
        let conns = connections.withLock { $0 }
        for (conn, sid) in targets { if let c = conns[conn] { send(c, .event(subscriptionID: sid, event: e)) } }
    }
}
