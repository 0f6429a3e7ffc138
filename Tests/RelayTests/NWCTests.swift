import NostrCore
import Relay
import TestSupport
import XCTest

/// WalletConnectClient against TestWallet, both speaking NIP-47 through a LocalRelay (what `serve` runs).
final class NWCTests: XCTestCase {
    let clientSecret = try! SecretKey(hex: String(repeating: "0c", count: 32))

    /// A relay, a started wallet on it, and a client for that wallet.
    func start(balanceMsat: Int64 = 100_000, encryptions: [NWCEncryption] = [.nip44, .nip04], silent: Bool = false,
               timeout: Duration = .seconds(10)) async throws -> (LocalRelay, TestWallet, WalletConnectClient) {
        let relay = try LocalRelay(storage: try EventStore(path: ":memory:"))
        let wallet = try TestWallet(relay: relay.url, balanceMsat: balanceMsat, encryptions: encryptions, silent: silent)
        try await within(20) { try await wallet.start() }
        let client = try WalletConnectClient(uri: wallet.uri(clientSecret: clientSecret), timeout: timeout)
        return (relay, wallet, client)
    }

    func stop(_ parts: (LocalRelay, TestWallet, WalletConnectClient)) async {
        await parts.2.close()
        await parts.1.stop()
        await parts.0.shutdown()
    }

    func testInfoBalanceInvoicesAndTransactionsOverNIP44() async throws {
        let parts = try await start()
        let (_, wallet, client) = parts
        try await within(30) {
            let info = try await client.info()
            XCTAssertEqual(info.preferredEncryption, .nip44)
            XCTAssertTrue(info.methods.contains("pay_invoice"))
            let node = try await client.getInfo()
            XCTAssertEqual(node.alias, "test wallet")
            let balance = try await client.getBalance()
            XCTAssertEqual(balance, 100_000)
            let invoice = try await client.makeInvoice(amountMsat: 21_000, description: "coffee")
            XCTAssertEqual(invoice.amountMsat, 21_000)
            XCTAssertEqual(invoice.state, .pending)
            let hash = try XCTUnwrap(invoice.paymentHash)
            let found = try await client.lookupInvoice(paymentHash: hash)
            XCTAssertEqual(found.invoice, invoice.invoice)
            let list = try await client.listTransactions()
            XCTAssertEqual(list.count, 1)
        }
        XCTAssertTrue(wallet.requests.allSatisfy { $0.firstTagValue("encryption") == "nip44_v2" })
        await stop(parts)
    }

    func testNIP04WhenTheWalletDoesNotAnnounceNIP44() async throws {
        let parts = try await start(encryptions: [.nip04])
        let (_, wallet, client) = parts
        let balance = try await within(20) { try await client.getBalance() }
        XCTAssertEqual(balance, 100_000)
        let request = try XCTUnwrap(wallet.requests.first)
        XCTAssertNil(request.firstTagValue("encryption"))
        XCTAssertTrue(request.content.contains("?iv="), request.content)
        await stop(parts)
    }

    func testPayInvoiceAndNotification() async throws {
        let parts = try await start()
        let (_, wallet, client) = parts
        let notes = client.notifications()
        let invoice = TestInvoice.make(amountMsat: 30_000, paymentHash: SHA256.hash("pay me"), description: "test")
        let paid = try await within(20) { try await client.payInvoice(invoice) }
        XCTAssertEqual(paid.preimage.count, 64)
        XCTAssertEqual(wallet.balanceMsat, 70_000)
        let first = try await within(20) { () -> WalletNotification? in
            for await n in notes { return n }
            return nil
        }
        XCTAssertEqual(first?.type, "payment_sent")
        await stop(parts)
    }

    func testInsufficientBalance() async throws {
        let parts = try await start(balanceMsat: 1_000)
        let invoice = TestInvoice.make(amountMsat: 30_000, paymentHash: SHA256.hash("too much"), description: "test")
        let client = parts.2
        await assertFails(as: WalletConnectError.self, try await within(20) { try await client.payInvoice(invoice) }) { error in
            XCTAssertEqual(error.walletErrorCode, .insufficientBalance, "\(error)")
        }
        XCTAssertEqual(parts.1.balanceMsat, 1_000)
        await stop(parts)
    }

    func testUnknownMethodIsNotImplemented() async throws {
        let parts = try await start()
        let client = parts.2
        await assertFails(as: WalletConnectError.self,
                          try await within(20) { try await client.call(.other(method: "sign_message", params: ["message": "hi"])) }) { error in
            XCTAssertEqual(error.walletErrorCode, .notImplemented, "\(error)")
        }
        await stop(parts)
    }

    func testMultiPayInvoiceAnswersEachInvoice() async throws {
        let parts = try await start(balanceMsat: 50_000)
        let client = parts.2
        let cheap = TestInvoice.make(amountMsat: 10_000, paymentHash: SHA256.hash("a"), description: "a")
        let dear = TestInvoice.make(amountMsat: 90_000, paymentHash: SHA256.hash("b"), description: "b")
        let results = try await within(20) {
            try await client.multiPayInvoice([.init(invoice: cheap, id: "cheap"), .init(invoice: dear, id: "dear")])
        }
        XCTAssertNotNil(try? results["cheap"]?.get())
        guard case let .failure(e)? = results["dear"] else { return XCTFail("dear: \(String(describing: results["dear"]))") }
        XCTAssertEqual(e.code, .insufficientBalance)
        await stop(parts)
    }

    func testTimeoutNamesTheWalletRelay() async throws {
        let parts = try await start(silent: true, timeout: .seconds(1))
        let client = parts.2
        let url = parts.0.url
        await assertFails(as: WalletConnectError.self, try await within(20) { try await client.getBalance() }) { error in
            guard case .timeout = error else { return XCTFail("timeout: \(error)") }
            XCTAssertTrue(error.description.contains(url), error.description)
        }
        await stop(parts)
    }
}
