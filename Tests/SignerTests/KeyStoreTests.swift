import Foundation
import NostrCore
import XCTest
@testable import Signer

final class KeyStoreTests: XCTestCase {
    var root = ""
    var store: KeyStore { KeyStore(root: root) }
    // scrypt at 2^16 takes ~0.1 s per call; the store's logic does not depend on the cost.
    let logN: UInt8 = 10

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "keystore-test-" + Hex.encode(SecureRandom.bytes(8)) + "/nak-swift"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    private func mode(_ path: String) throws -> Int {
        let attrs = try FileManager.default.attributesOfItem(atPath: path)
        return (attrs[.posixPermissions] as? Int ?? -1) & 0o777
    }

    func testRoundTripWithOwnerOnlyFiles() throws {
        let key = SecretKey.generate()
        let entry = try store.add(name: "alice", key: key, password: "correct horse", logN: logN)
        XCTAssertEqual(entry, KeyStore.Entry(name: "alice", publicKey: key.publicKey))
        XCTAssertEqual(try store.load(name: "alice", password: "correct horse"), key)
        XCTAssertEqual(try mode(root + "/keys"), 0o700)
        XCTAssertEqual(try mode(root), 0o700)
        XCTAssertEqual(try mode(store.path(.keys, "alice")), 0o600)
        XCTAssertEqual(try mode(store.path(.keyInfo, "alice")), 0o600)
        XCTAssertTrue(try store.ncryptsec(name: "alice").hasPrefix("ncryptsec1"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/keys").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temp files left behind")
    }

    func testWrongPassword() throws {
        try store.add(name: "bob", key: .generate(), password: "right", logN: logN)
        XCTAssertThrowsError(try store.load(name: "bob", password: "wrong")) { error in
            XCTAssertEqual(error as? KeyStoreError, .wrongPassword(name: "bob"))
        }
    }

    func testListNeedsNoPassword() throws {
        let a = SecretKey.generate(), b = SecretKey.generate()
        try store.add(name: "zed", key: a, password: "1", logN: logN)
        try store.add(name: "amy", key: b, password: "2", logN: logN)
        XCTAssertEqual(try store.list(), [.init(name: "amy", publicKey: b.publicKey), .init(name: "zed", publicKey: a.publicKey)])
        try FileManager.default.removeItem(atPath: store.path(.keyInfo, "zed"))
        XCTAssertEqual(try store.list().last, .init(name: "zed", publicKey: nil), "a key without sidecar is still listed")
    }

    func testReadableByOthersIsRefused() throws {
        try store.add(name: "carol", key: .generate(), password: "pw", logN: logN)
        let path = store.path(.keys, "carol")
        XCTAssertEqual(chmod(path, 0o644), 0)
        XCTAssertThrowsError(try store.load(name: "carol", password: "pw")) { error in
            XCTAssertEqual(error as? KeyStoreError, .insecurePermissions(path: path, mode: UInt32(S_IFREG) | 0o644))
            XCTAssertTrue("\(error)".contains("chmod 600 \(path)"), "\(error)")
        }
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertNoThrow(try store.load(name: "carol", password: "pw"))
    }

    func testDamagedFileIsReportedAsSuch() throws {
        try store.add(name: "frank", key: .generate(), password: "pw", logN: logN)
        let path = store.path(.keys, "frank")
        try store.write(Array("ncryptsec1notreally".utf8), in: .keys, name: "frank")
        XCTAssertThrowsError(try store.load(name: "frank", password: "pw")) { error in
            guard case .corrupt(path, _) = error as? KeyStoreError else { return XCTFail("unexpected \(error)") }
        }
        try store.write(Array("hello".utf8), in: .keys, name: "frank")
        XCTAssertThrowsError(try store.load(name: "frank", password: "pw")) { error in
            guard case .corrupt(path, _) = error as? KeyStoreError else { return XCTFail("unexpected \(error)") }
        }
    }

    func testRemove() throws {
        try store.add(name: "dave", key: .generate(), password: "pw", logN: logN)
        XCTAssertTrue(store.contains(name: "dave"))
        try store.remove(name: "dave")
        XCTAssertFalse(store.contains(name: "dave"))
        XCTAssertEqual(try store.list(), [])
        XCTAssertThrowsError(try store.remove(name: "dave")) { XCTAssertEqual($0 as? KeyStoreError, .notFound(name: "dave")) }
        XCTAssertThrowsError(try store.load(name: "dave", password: "pw")) {
            XCTAssertEqual($0 as? KeyStoreError, .notFound(name: "dave"))
        }
    }

    func testExistingNameNeedsReplace() throws {
        let first = SecretKey.generate(), second = SecretKey.generate()
        try store.add(name: "eve", key: first, password: "pw", logN: logN)
        XCTAssertThrowsError(try store.add(name: "eve", key: second, password: "pw", logN: logN)) {
            XCTAssertEqual($0 as? KeyStoreError, .alreadyExists(name: "eve"))
        }
        try store.add(name: "eve", key: second, password: "pw", logN: logN, replace: true)
        XCTAssertEqual(try store.load(name: "eve", password: "pw"), second)
    }

    func testNamesAreValidated() {
        for bad in ["", ".", "..", "../escape", "a/b", "with space", "é", String(repeating: "x", count: 65)] {
            XCTAssertThrowsError(try store.add(name: bad, key: .generate(), password: "pw", logN: logN), "name \(bad)") {
                XCTAssertEqual($0 as? KeyStoreError, .invalidName(bad), "name \(bad)")
            }
        }
        for good in ["a", "A-b_c.d", "0", String(repeating: "x", count: 64)] {
            XCTAssertNoThrow(try KeyStore.validate(good), "name \(good)")
        }
    }

    func testDefaultRootFollowsXDG() {
        XCTAssertEqual(KeyStore.defaultRoot(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]), "/cfg/nak-swift")
        XCTAssertEqual(KeyStore.defaultRoot(environment: ["HOME": "/home/u"]), "/home/u/.config/nak-swift")
        XCTAssertEqual(KeyStore.defaultRoot(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.config/nak-swift", "a relative XDG_CONFIG_HOME is ignored (XDG spec)")
        XCTAssertEqual(KeyStore(environment: ["XDG_CONFIG_HOME": "/cfg"]).root, "/cfg/nak-swift")
    }

    func testOtherSectionsAreOwnerOnlyToo() throws {
        let session = Array(#"{"bunker":"bunker://x"}"#.utf8)
        try store.write(session, in: .sessions, name: "phone")
        XCTAssertEqual(try store.read(in: .sessions, name: "phone"), session)
        XCTAssertEqual(try store.names(in: .sessions), ["phone"])
        XCTAssertEqual(try mode(store.path(.sessions, "phone")), 0o600)
        XCTAssertEqual(try mode(root + "/sessions"), 0o700)
        XCTAssertEqual(try store.list(), [], "sessions are not keys")
        XCTAssertTrue(try store.delete(in: .sessions, name: "phone"))
        XCTAssertNil(try store.read(in: .sessions, name: "phone"))
    }

    func testPasswordFromEnvironment() throws {
        XCTAssertEqual(try PasswordPrompt.password(environment: ["NOSTR_PASSWORD": "s3cret"]), "s3cret")
        XCTAssertEqual(try PasswordPrompt.newPassword(environment: ["NOSTR_PASSWORD": ""]), "")
    }
}
