import Dispatch
import Synchronization
import NostrCore

/// Connects the transport's server callbacks to one `RelaySession` per connection.
///
/// The server calls `did…` on its I/O thread; verifying and storing happen on a serial queue per connection, so
/// one client's messages are handled in order while different clients run in parallel.
final class LocalRelayHandler: WebSocketServerHandler {
    private struct Connection: Sendable {
        let session: RelaySession
        let queue: DispatchQueue
    }

    let core: LocalRelayCore
    let information: RelayInformation
    let routes: (@Sendable (HTTPServerRequest) async -> HTTPResponse?)?
    private let connections = Mutex<[UInt64: Connection]>([:])

    init(core: LocalRelayCore, information: RelayInformation, routes: (@Sendable (HTTPServerRequest) async -> HTTPResponse?)?) {
        self.core = core
        self.information = information
        self.routes = routes
    }

    func didOpen(_ connection: WebSocketServerConnection) {
        let session = core.makeSession(id: connection.id, host: connection.request.headers["Host"]) { [connection] bytes in
            // The transport closes a connection whose peer lets too much pile up (1008), rather than grow memory.
            do { try connection.send(text: String(decoding: bytes, as: UTF8.self)); return true } catch { return false }
        }
        let queue = DispatchQueue(label: "relay.connection", target: .global())
        connections.withLock { $0[connection.id] = Connection(session: session, queue: queue) }
        queue.async { session.start() }
    }

    func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {
        guard let c = connections.withLock({ $0[connection.id] }) else { return }
        switch message {
        case let .text(text):
            c.queue.async { c.session.receive(text.utf8) }
        case .binary:
            // NIP-01 messages are JSON text; a binary frame is a client bug worth telling it about.
            c.queue.async { c.session.send(.notice("binary messages are not supported: send NIP-01 JSON as text")) }
        }
    }

    func didClose(_ connection: WebSocketServerConnection, error: WebSocketError?) {
        guard let c = connections.withLock({ $0.removeValue(forKey: connection.id) }) else { return }
        c.session.end()
    }

    func respond(to request: HTTPServerRequest) async -> HTTPResponse {
        if let routes, let response = await routes(request) { return response }
        return LocalRelayHTTP.respond(to: request, information: information)
    }
}
