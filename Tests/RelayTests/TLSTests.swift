import XCTest
@testable import Relay

/// wss:// against our own server with a CA made for the test.
final class TLSTests: XCTestCase {
    private var certs: TestCertificates!

    override func setUpWithError() throws { certs = try TestCertificates() }
    override func tearDown() { certs.remove() }

    private func server(_ leaf: TestCertificates.Leaf) throws -> WebSocketServer {
        try WebSocketServer(tls: .server(certificateChainFile: leaf.certificate, privateKeyFile: leaf.key), handler: EchoHandler())
    }

    func testTrustedCAIsAcceptedByIPAndByName() async throws {
        let server = try server(try certs.leaf("good", subjectAltName: "IP:127.0.0.1,DNS:localhost"))
        XCTAssertTrue(server.url.hasPrefix("wss://"))
        let transport = POSIXWebSocketTransport(tls: TLSConfiguration(caFile: certs.caFile))
        for url in ["wss://127.0.0.1:\(server.port)/", "wss://localhost:\(server.port)/"] {
            try await within(10) {
                let ws = try await transport.connect(url: url)
                var it = ws.messages.makeAsyncIterator()
                let big = String(repeating: "tls ", count: 50_000)
                try await ws.send(text: big)
                let echo = try await it.next()
                XCTAssertEqual(echo, .text(big), url)
                await ws.close()
            }
        }
        await server.shutdown()
    }

    func testWrongHostRefused() async throws {
        let server = try server(try certs.leaf("other", subjectAltName: "DNS:other.example"))
        let transport = POSIXWebSocketTransport(tls: TLSConfiguration(caFile: certs.caFile))
        for url in ["wss://127.0.0.1:\(server.port)/", "wss://localhost:\(server.port)/"] {
            do {
                _ = try await within(10) { try await transport.connect(url: url) }
                XCTFail("\(url): a certificate for another host must be refused")
            } catch {
                guard case .tls(.certificateRejected(let why)) = error as? WebSocketError else { XCTFail("\(url): \(error)"); continue }
                XCTAssertTrue(why.contains("mismatch"), why)
            }
        }
        await server.shutdown()
    }

    func testUnknownCARefused() async throws {
        let server = try server(try certs.leaf("good", subjectAltName: "IP:127.0.0.1"))
        do {
            _ = try await within(10) { try await POSIXWebSocketTransport().connect(url: "wss://127.0.0.1:\(server.port)/") }
            XCTFail("a certificate from an unknown CA must be refused")
        } catch {
            guard case .tls(.certificateRejected) = error as? WebSocketError else { return XCTFail("\(error)") }
        }
        await server.shutdown()
    }

    func testPlainClientToTLSServerFailsCleanly() async throws {
        let server = try server(try certs.leaf("good", subjectAltName: "IP:127.0.0.1"))
        do {
            _ = try await within(10) { try await POSIXWebSocketTransport().connect(url: "ws://127.0.0.1:\(server.port)/", timeout: .seconds(5)) }
            XCTFail("plain HTTP to a TLS port cannot upgrade")
        } catch {
            XCTAssertNotNil(error as? WebSocketError, "\(error)")
        }
        await server.shutdown()
    }

    func testMissingKeyFileIsAConfigurationError() {
        XCTAssertThrowsError(try WebSocketServer(tls: .server(certificateChainFile: "/nonexistent.pem", privateKeyFile: "/nonexistent.key"), handler: EchoHandler())) {
            guard case .tls(.configuration) = $0 as? WebSocketError else { return XCTFail("\($0)") }
        }
    }
}
