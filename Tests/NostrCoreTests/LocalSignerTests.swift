import XCTest
@testable import NostrCore

final class LocalSignerTests: XCTestCase {
    let aliceKey = SecretKey.generate()
    let bobKey = SecretKey.generate()

    func testSignsItsOwnEvents() async throws {
        let signer = LocalSigner(aliceKey)
        let pubkey = try await signer.publicKey()
        XCTAssertEqual(pubkey, aliceKey.publicKey)
        let event = try await signer.sign(UnsignedEvent(pubkey: pubkey, createdAt: 1_700_000_000, kind: .textNote, content: "gm"))
        XCTAssertNoThrow(try event.verify())
        XCTAssertEqual(event.content, "gm")
    }

    func testRefusesSomeoneElsesEvent() async {
        do {
            _ = try await LocalSigner(aliceKey).sign(UnsignedEvent(pubkey: bobKey.publicKey, createdAt: 1, kind: .textNote, content: ""))
            XCTFail("signed an event with another pubkey")
        } catch {
            guard case .invalidKey = error else { return XCTFail("unexpected \(error)") }
            XCTAssertFalse("\(error)".contains(aliceKey.hex), "no secret in errors")
        }
    }

    func testNIP44BothWays() async throws {
        let alice = LocalSigner(aliceKey), bob = LocalSigner(bobKey)
        let payload = try await alice.nip44Encrypt("hello bob ✓", to: bobKey.publicKey)
        let plain = try await bob.nip44Decrypt(payload, from: aliceKey.publicKey)
        XCTAssertEqual(plain, "hello bob ✓")
        let own = try await alice.nip44Decrypt(payload, from: bobKey.publicKey)
        XCTAssertEqual(own, "hello bob ✓", "the conversation key is symmetric")
    }

    func testNIP04BothWays() async throws {
        let payload = try await LocalSigner(aliceKey).nip04Encrypt("legacy", to: bobKey.publicKey)
        let plain = try await LocalSigner(bobKey).nip04Decrypt(payload, from: aliceKey.publicKey)
        XCTAssertEqual(plain, "legacy")
    }

    func testDecryptFailuresAreTyped() async {
        let carol = LocalSigner(SecretKey.generate())
        do {
            let payload = try await LocalSigner(aliceKey).nip44Encrypt("for bob", to: bobKey.publicKey)
            _ = try await carol.nip44Decrypt(payload, from: aliceKey.publicKey)
            XCTFail("carol read bob's message")
        } catch {
            guard case .decryption = error else { return XCTFail("unexpected \(error)") }
        }
        do {
            _ = try await carol.nip04Decrypt("not a payload", from: aliceKey.publicKey)
            XCTFail("decrypted garbage")
        } catch {
            guard case .decryption = error else { return XCTFail("unexpected \(error)") }
        }
    }
}
