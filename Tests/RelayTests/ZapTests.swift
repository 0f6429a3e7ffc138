import NostrCore
import Relay
import TestSupport
import XCTest

private let zapSender = try! SecretKey(hex: String(repeating: "0d", count: 32))
private let zapRecipient = try! SecretKey(hex: String(repeating: "0e", count: 32)).publicKey

/// ZapClient against a local LNURL service: the zap request, the checked invoice, each way the service can fail, and the
/// whole flow through a TestWallet and the receipt on a LocalRelay.
final class ZapTests: XCTestCase {
    func target(_ service: TestLNURLService, note: EventID? = nil) -> ZapTarget {
        ZapTarget(recipient: zapRecipient, lightningAddress: service.address, eventID: note, kind: note == nil ? nil : .textNote)
    }

    func testInvoiceCommitsToTheZapRequest() async throws {
        let service = try TestLNURLService()
        let note = try EventID(hex: String(repeating: "ab", count: 32))
        let t = target(service, note: note)
        let zap = try await within(20) {
            try await ZapClient().requestInvoice(for: t, amountMsat: 21_000, comment: "great post", relays: ["ws://127.0.0.1:1"],
                                                 signer: LocalSigner(zapSender), createdAt: 1_700_000_000)
        }
        XCTAssertEqual(zap.invoice.invoice.amountMsat, 21_000)
        XCTAssertEqual(zap.invoice.invoice.descriptionHash, SHA256.hash(zap.zapRequest.json))
        XCTAssertEqual(zap.zapRequest.kind, .zapRequest)
        XCTAssertEqual(zap.zapRequest.content, "great post")
        XCTAssertEqual(zap.zapRequest.firstTagValue("p"), zapRecipient.hex)
        XCTAssertEqual(zap.zapRequest.firstTagValue("e"), note.hex)
        XCTAssertEqual(zap.zapRequest.firstTagValue("amount"), "21000")
        XCTAssertEqual(zap.zapRequest.firstTagValue("lnurl"), try LightningAddress(service.address).lnurl)
        XCTAssertEqual(zap.payResponse.nostrPubkey, service.provider.publicKey)
        await service.shutdown()
    }

    func testServiceFailures() async throws {
        struct Row { let name: String; let mode: TestLNURLService.Mode; let check: (LNURLClientError) -> Bool }
        let rows = [
            Row(name: "amount mismatch", mode: .amountMismatch, check: { if case .lnurl(.invoiceMismatch) = $0 { true } else { false } }),
            Row(name: "error status", mode: .errorStatus, check: { $0.description.contains("HTTP 500: the node is offline") }),
            Row(name: "malformed", mode: .malformed, check: { if case .lnurl(.invalidResponse) = $0 { true } else { false } }),
            Row(name: "no zaps", mode: .noZaps, check: { $0 == .lnurl(.zapsNotSupported) }),
        ]
        for row in rows {
            let service = try TestLNURLService(mode: row.mode)
            let t = target(service)
            await assertFails(as: LNURLClientError.self, try await within(20) {
                try await ZapClient().requestInvoice(for: t, amountMsat: 5_000, relays: [], signer: LocalSigner(zapSender), createdAt: 1)
            }) { error in
                XCTAssertTrue(row.check(error), "\(row.name): \(error)")
            }
            await service.shutdown()
        }
    }

    func testAmountOutsideTheServiceRange() async throws {
        let service = try TestLNURLService()
        let t = target(service)
        await assertFails(as: LNURLClientError.self, try await within(20) {
            try await ZapClient().requestInvoice(for: t, amountMsat: 500, relays: [], signer: LocalSigner(zapSender), createdAt: 1)
        }) { error in
            guard case .lnurl(.amountOutOfRange) = error else { return XCTFail("range: \(error)") }
        }
        await service.shutdown()
    }

    func testPayResponseFollowsRedirects() async throws {
        let service = try TestLNURLService()
        let moved = service.address.replacingOccurrences(of: "alice@", with: "moved@")
        let pay = try await within(20) { try await LNURLClient().payResponse(for: moved) }
        XCTAssertTrue(pay.supportsZaps)
        await service.shutdown()
    }

    func testZapPaidThroughNWCYieldsAValidReceipt() async throws {
        let relay = try LocalRelay(storage: try EventStore(path: ":memory:"))
        let service = try TestLNURLService()
        let wallet = try TestWallet(relay: relay.url, balanceMsat: 1_000_000) { invoice in await service.paid(invoice) }
        try await within(20) { try await wallet.start() }
        let nwc = try WalletConnectClient(uri: wallet.uri(clientSecret: try SecretKey(hex: String(repeating: "0f", count: 32))))
        let t = target(service)
        let url = relay.url
        let receipt = try await within(30) { () -> ZapReceipt in
            let zap = try await ZapClient().requestInvoice(for: t, amountMsat: 42_000, comment: "thanks", relays: [url],
                                                           signer: LocalSigner(zapSender), createdAt: Int64(Date().timeIntervalSince1970))
            _ = try await nwc.payInvoice(zap.bolt11)
            let pool = RelayPool()
            defer { Task { await pool.close() } }
            return try await ZapClient.waitForReceipt(zap, pool: pool, relays: [try RelayURL(url)], timeout: .seconds(10))
        }
        XCTAssertEqual(receipt.amountMsat, 42_000)
        XCTAssertEqual(receipt.sender, zapSender.publicKey)
        XCTAssertEqual(receipt.recipient, zapRecipient)
        XCTAssertEqual(receipt.comment, "thanks")
        XCTAssertEqual(receipt.provider, service.provider.publicKey)
        XCTAssertEqual(wallet.balanceMsat, 958_000)
        await nwc.close()
        await wallet.stop()
        await service.shutdown()
        await relay.shutdown()
    }
}
