import Glibc
import NostrCore
import Relay
import Synchronization

/// `push-enrich --listen`: `POST /enrich` answers with the result JSON (400 when it is an error),
/// `GET /health` with the account count. Bodies are bounded by the server (413) and requests in
/// flight by `maxConcurrent` (503), so a flood or a hostile payload costs an error response, not the process.
/// A WebSocket client may also send payloads as text messages and gets one result message each.
final class PushServer: WebSocketServerHandler {
    let enricher: PushEnricher
    let maxConcurrent: Int
    let inFlight = Atomic<Int>(0)

    init(enricher: PushEnricher, maxConcurrent: Int) {
        self.enricher = enricher
        self.maxConcurrent = maxConcurrent
    }

    /// Serves until SIGINT or SIGTERM.
    static func run(_ enricher: PushEnricher, host: String, port: UInt16, maxConcurrent: Int, maxBody: Int, io: IO) async throws {
        let stop = StopSignal()
        var limits = WebSocketLimits()
        limits.maxHTTPBodySize = maxBody
        limits.maxMessageSize = maxBody
        let handler = PushServer(enricher: enricher, maxConcurrent: maxConcurrent)
        let server = try WebSocketServer(host: host, port: port, limits: limits, maxConnections: 4096, handler: handler)
        let shown = server.host.contains(":") ? "[\(server.host)]" : server.host
        io.error("push-enrich listening at http://\(shown):\(server.port)")
        io.flush()
        _ = await stop.wait()
        await server.shutdown()
    }

    func respond(to request: HTTPServerRequest) async -> HTTPResponse {
        switch (request.head.method, request.head.path) {
        case ("GET", "/health"):
            return Self.json(200, #"{"status":"ok","accounts":\#(enricher.accountKeys.count)}"#)
        case ("POST", "/enrich"):
            guard inFlight.add(1, ordering: .relaxed).newValue <= maxConcurrent else {
                inFlight.subtract(1, ordering: .relaxed)
                return Self.json(503, Self.busy)
            }
            defer { inFlight.subtract(1, ordering: .relaxed) }
            let result = await enricher.enrich(request.body)
            var body = result.jsonBytes
            body.append(0x0A)
            if case .error = result { return HTTPResponse(status: 400, headers: Self.jsonHeaders, body: body) }
            return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: body)
        case (_, "/enrich"), (_, "/health"):
            return HTTPResponse(status: 405, text: "method not allowed: POST /enrich, GET /health\n")
        default:
            return HTTPResponse(status: 404, text: "not found: POST /enrich, GET /health\n")
        }
    }

    func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {
        let bytes: [UInt8]
        switch message {
        case let .text(t): bytes = Array(t.utf8)
        case let .binary(b): bytes = b
        }
        guard inFlight.add(1, ordering: .relaxed).newValue <= maxConcurrent else {
            inFlight.subtract(1, ordering: .relaxed)
            try? connection.send(text: Self.busy)
            return
        }
        Task {
            defer { self.inFlight.subtract(1, ordering: .relaxed) }
            let result = await self.enricher.enrich(bytes)
            try? connection.send(text: result.json)
        }
    }

    /// The error line for a request over `maxConcurrent`: the server's state, not the payload's fault.
    private static let busy = #"{"status":"error","error":"server busy: too many requests in flight, retry shortly"}"#

    private static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]

    private static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: Array((text + "\n").utf8))
    }
}
