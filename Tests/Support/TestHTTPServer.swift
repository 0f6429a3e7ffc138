import NostrCore
import Relay
import Synchronization

/// A plain HTTP server on 127.0.0.1 for tests (nostr.json, LNURL…): every request goes to `route`, and is remembered.
public final class TestHTTPServer: Sendable {
    private let server: WebSocketServer
    private let handler: Handler

    /// Starts listening on a free port.
    public init(route: @escaping @Sendable (HTTPServerRequest) async -> HTTPResponse) throws {
        handler = Handler(route: route)
        server = try WebSocketServer(host: "127.0.0.1", port: 0, handler: handler)
    }

    /// `127.0.0.1:PORT`, the domain part of `name@127.0.0.1:PORT`.
    public var authority: String { "127.0.0.1:\(server.port)" }
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://\(authority)" }
    /// The requests answered so far, in order.
    public var requests: [HTTPServerRequest] { handler.seen.withLock { $0 } }

    /// Stops the server.
    public func shutdown() async { await server.shutdown() }

    private final class Handler: WebSocketServerHandler {
        let route: @Sendable (HTTPServerRequest) async -> HTTPResponse
        let seen = Mutex<[HTTPServerRequest]>([])
        init(route: @escaping @Sendable (HTTPServerRequest) async -> HTTPResponse) { self.route = route }
        func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {}
        func respond(to request: HTTPServerRequest) async -> HTTPResponse {
            seen.withLock { $0.append(request) }
            return await route(request)
        }
    }
}

extension HTTPResponse {
    /// A 200 `application/json` response.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }
}
