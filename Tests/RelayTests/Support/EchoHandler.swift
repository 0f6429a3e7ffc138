import Relay
import Synchronization

/// Sends every message back; "drop" makes it cut the TCP connection, "bye" closes with 4000.
final class EchoHandler: WebSocketServerHandler {
    let opened = Atomic<Int>(0)
    let closedCount = Atomic<Int>(0)

    func didOpen(_ connection: WebSocketServerConnection) { opened.add(1, ordering: .relaxed) }

    func didReceive(_ message: WebSocketMessage, from connection: WebSocketServerConnection) {
        switch message {
        case .text("drop"): connection.abort()
        case .text("bye"): connection.close(code: WebSocketCloseCode(rawValue: 4000), reason: "bye")
        case .text(let t): try? connection.send(text: t)
        case .binary(let b): try? connection.send(binary: b)
        }
    }

    func didClose(_ connection: WebSocketServerConnection, error: WebSocketError?) { closedCount.add(1, ordering: .relaxed) }

    func respond(to request: HTTPServerRequest) async -> HTTPResponse {
        switch request.head.path {
        case "/":
            if request.head.headers["Accept"] == "application/nostr+json" {
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/nostr+json"], body: Array(#"{"name":"test"}"#.utf8))
            }
            return HTTPResponse(status: 200, text: "hello\n")
        case "/echo": return HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        case "/redirect": return HTTPResponse(status: 302, headers: ["Location": "/"])
        default: return HTTPResponse(status: 404, text: "not found\n")
        }
    }
}
