import XCTest
import Foundation
import NostrCore
import Signer

/// Remote-signer sessions in the key store, and the terminal QR code.
final class NIP46SessionTests: XCTestCase {
    func testSessionRoundTripIsOwnerOnlyAndNeverShowsTheKey() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ks-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = KeyStore(root: root)
        let session = RemoteSignerSession(clientKey: .generate(), remoteSignerPubkey: SecretKey.generate().publicKey,
                                          userPubkey: SecretKey.generate().publicKey, relays: ["wss://relay.example", "ws://127.0.0.1:7777"])
        try store.saveSession(session, name: "phone")
        XCTAssertEqual(try store.session(name: "phone"), session)
        XCTAssertNil(try store.session(name: "other"))
        let path = store.path(.sessions, "phone")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
        XCTAssertFalse(String(describing: session).contains(session.clientKey.hex), "description leaks the client key")
        XCTAssertTrue(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains(#""relays":["wss://relay.example","ws://127.0.0.1:7777"]"#))

        try Data("{\"client_key\":\"zz\"}".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        XCTAssertThrowsError(try store.session(name: "phone")) { e in
            guard case .corrupt? = e as? KeyStoreError else { return XCTFail("\(e)") }
        }
        chmod(path, 0o644)
        XCTAssertThrowsError(try store.session(name: "phone")) { e in
            guard case .insecurePermissions? = e as? KeyStoreError else { return XCTFail("\(e)") }
        }
    }

    func testQRCodeHasFinderPatternsAndQuietZone() throws {
        let uri = "bunker://" + String(repeating: "ab", count: 32) + "?relay=wss%3A%2F%2Frelay.example&secret=0123456789abcdef"
        let m = try TerminalQRCode.modules(uri)
        XCTAssertTrue((21...177).contains(m.count) && (m.count - 17) % 4 == 0, "a QR size: \(m.count)")
        // The three 7x7 finder patterns: dark border, light ring, dark 3x3 centre.
        for (ox, oy) in [(0, 0), (m.count - 7, 0), (0, m.count - 7)] {
            for i in 0..<7 {
                XCTAssertTrue(m[oy][ox + i] && m[oy + 6][ox + i] && m[oy + i][ox] && m[oy + i][ox + 6], "finder at \(ox),\(oy)")
            }
            XCTAssertFalse(m[oy + 1][ox + 1])
            XCTAssertTrue(m[oy + 3][ox + 3])
        }
        let lines = try TerminalQRCode.render(uri).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, (m.count + 8 + 1) / 2)
        XCTAssertTrue(lines.allSatisfy { $0.count == m.count + 8 })
        XCTAssertEqual(lines.first.map(String.init), String(repeating: "█", count: m.count + 8), "quiet zone drawn light")
    }
}
