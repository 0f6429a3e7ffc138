import Foundation
import NostrCore
import Relay
import TestSupport
import XCTest

/// `nak-swift zap` against `serve`, a local LNURL service, a NIP-05 server and a TestWallet.
final class ZapCommandTests: XCTestCase {
    let sender = String(repeating: "0", count: 62) + "b1"
    let recipient = try! SecretKey(hex: String(repeating: "0", count: 62) + "b2")

    /// Publishes the recipient's profile with `lud16` to the relay at `url`.
    func publishProfile(_ lud16: String, relay url: String) async throws {
        let profile = try UnsignedEvent(pubkey: recipient.publicKey, createdAt: 1_700_000_000, kind: .metadata,
                                        content: #"{"name":"bob","lud16":"\#(lud16)"}"#).sign(with: recipient)
        let connection = RelayConnection(url: try RelayURL(url))
        let result = try await withDeadline(10) { try await connection.publish(profile) }
        XCTAssertTrue(result.isSuccess)
        await connection.close()
    }

    func testInvoiceWithoutWallet() async throws {
        let relay = try ServeCommandTests.Server([])
        let service = try TestLNURLService()
        try await publishProfile(service.address, relay: relay.url)
        let r = try await runCLI(["zap", recipient.publicKey.npub, "--amount", "21", "--comment", "hi", "--sec", sender, relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.lines.first)
        XCTAssertTrue(line.hasPrefix("lightning:lnbc"), line)
        XCTAssertEqual(try BOLT11Invoice(String(line.dropFirst(10))).amountMsat, 21_000)
        await service.shutdown()
        _ = relay.stop()
    }

    func testAmountMismatchIsNotPaid() async throws {
        let relay = try ServeCommandTests.Server([])
        let service = try TestLNURLService(mode: .amountMismatch)
        try await publishProfile(service.address, relay: relay.url)
        let r = try await runCLI(["zap", recipient.publicKey.hex, "--amount", "21", "--sec", sender, relay.url])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("does not match"), r.stderr)
        XCTAssertTrue(r.stdout.isEmpty)
        await service.shutdown()
        _ = relay.stop()
    }

    func testZapNIP05NamePaidThroughNWCPrintsTheReceipt() async throws {
        let relay = try ServeCommandTests.Server([])
        let service = try TestLNURLService()
        try await publishProfile(service.address, relay: relay.url)
        let pubkey = recipient.publicKey.hex, url = relay.url
        let nip05 = try TestHTTPServer { _ in .json(#"{"names":{"bob":"\#(pubkey)"},"relays":{"\#(pubkey)":["\#(url)"]}}"#) }
        let wallet = try TestWallet(relay: relay.url, balanceMsat: 1_000_000) { invoice in await service.paid(invoice) }
        try await withDeadline(20) { try await wallet.start() }
        let uri = wallet.uri(clientSecret: try SecretKey(hex: String(repeating: "0", count: 62) + "b3")).uri

        let r = try await runCLI(["zap", "bob@\(nip05.authority)", "--amount", "50", "--comment", "thanks", "--nwc", uri, "--sec", sender])
        XCTAssertEqual(r.status, 0, r.stderr)
        let receipt = try Event(json: try XCTUnwrap(r.lines.first))
        XCTAssertEqual(receipt.kind, .zapReceipt)
        XCTAssertEqual(receipt.pubkey, service.provider.publicKey)
        let validated = try ZapReceipt(event: receipt, expectedSigner: service.provider.publicKey)
        XCTAssertEqual(validated.amountMsat, 50_000)
        XCTAssertEqual(validated.comment, "thanks")
        XCTAssertEqual(wallet.balanceMsat, 950_000)

        await wallet.stop()
        await nip05.shutdown()
        await service.shutdown()
        _ = relay.stop()
    }

    func testUsageAndMissingKey() async throws {
        let usage = try await runCLI(["zap", "npub1x"])
        XCTAssertEqual(usage.status, 2)
        let r = try await runCLI(["zap", recipient.publicKey.npub, "--amount", "1"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--sec"), r.stderr)
    }

    func testZapANoteFoundByIDOnTheRelay() async throws {
        let relay = try ServeCommandTests.Server([])
        let service = try TestLNURLService()
        try await publishProfile(service.address, relay: relay.url)
        let note = try UnsignedEvent(pubkey: recipient.publicKey, createdAt: 1_700_000_100, kind: .textNote, content: "zap me").sign(with: recipient)
        let connection = RelayConnection(url: try RelayURL(relay.url))
        _ = try await withDeadline(10) { try await connection.publish(note) }
        await connection.close()
        let wallet = try TestWallet(relay: relay.url, balanceMsat: 1_000_000) { invoice in await service.paid(invoice) }
        try await withDeadline(20) { try await wallet.start() }
        let uri = wallet.uri(clientSecret: try SecretKey(hex: String(repeating: "0", count: 62) + "b4")).uri

        let r = try await runCLI(["zap", note.id.note, "--amount", "7", "--nwc", uri, "--sec", sender, relay.url])
        XCTAssertEqual(r.status, 0, r.stderr)
        let receipt = try ZapReceipt(event: try Event(json: try XCTUnwrap(r.lines.first)), expectedSigner: service.provider.publicKey)
        XCTAssertEqual(receipt.zappedEventID, note.id)
        XCTAssertEqual(receipt.recipient, recipient.publicKey)
        XCTAssertEqual(receipt.request.firstTagValue("k"), "1")
        XCTAssertEqual(receipt.amountMsat, 7_000)

        await wallet.stop()
        await service.shutdown()
        _ = relay.stop()
    }
}
