import Dispatch
import Foundation
import NostrCore
import Relay
import TestSupport
import XCTest

/// `nak-swift wallet` against a TestWallet speaking NIP-47 through `nak-swift serve`.
final class WalletCommandTests: XCTestCase {
    let clientSecret = try! SecretKey(hex: String(repeating: "0", count: 62) + "a1")

    func withWallet(balanceMsat: Int64 = 100_000, silent: Bool = false,
                    _ body: (TestWallet, String) async throws -> Void) async throws {
        let relay = try ServeCommandTests.Server([])
        let wallet = try TestWallet(relay: relay.url, balanceMsat: balanceMsat, silent: silent)
        try await withDeadline(20) { try await wallet.start() }
        try await body(wallet, wallet.uri(clientSecret: clientSecret).uri)
        await wallet.stop()
        _ = relay.stop()
    }

    func testBalanceInvoiceLookupTransactions() async throws {
        try await withWallet { _, uri in
            let balance = try await runCLI(["wallet", "--nwc", uri, "balance"])
            XCTAssertEqual(balance.status, 0, balance.stderr)
            XCTAssertEqual(balance.stdout, #"{"balance":100000}"# + "\n")
            let invoice = try await runCLI(["wallet", "invoice", "--amount", "21", "--description", "coffee"], env: ["NOSTR_NWC": uri])
            XCTAssertEqual(invoice.status, 0, invoice.stderr)
            let t = try JSONValue.parse(invoice.stdout)
            XCTAssertEqual(t["amount"]?.intValue, 21_000)
            XCTAssertEqual(t["state"]?.stringValue, "pending")
            let hash = try XCTUnwrap(t["payment_hash"]?.stringValue)
            let lookup = try await runCLI(["wallet", "--nwc", uri, "lookup", hash])
            XCTAssertEqual(lookup.status, 0, lookup.stderr)
            XCTAssertEqual(try JSONValue.parse(lookup.stdout)["invoice"], t["invoice"])
            let list = try await runCLI(["wallet", "--nwc", uri, "transactions"])
            XCTAssertEqual(list.lines.count, 1, list.stderr)
            let info = try await runCLI(["wallet", "--nwc", uri, "info"])
            XCTAssertEqual(try JSONValue.parse(info.stdout)["encryption"], .array(["nip44_v2", "nip04"]), info.stderr)
        }
    }

    func testPayAndInsufficientBalance() async throws {
        try await withWallet(balanceMsat: 50_000) { wallet, uri in
            let ok = TestInvoice.make(amountMsat: 20_000, paymentHash: SHA256.hash("cli pay"), description: "x")
            let paid = try await runCLI(["wallet", "--nwc", uri, "pay", ok])
            XCTAssertEqual(paid.status, 0, paid.stderr)
            XCTAssertEqual(try JSONValue.parse(paid.stdout)["preimage"]?.stringValue?.count, 64)
            XCTAssertEqual(wallet.balanceMsat, 30_000)
            let dear = TestInvoice.make(amountMsat: 90_000, paymentHash: SHA256.hash("cli dear"), description: "x")
            let refused = try await runCLI(["wallet", "--nwc", uri, "pay", dear])
            XCTAssertEqual(refused.status, 1)
            XCTAssertTrue(refused.stderr.contains("INSUFFICIENT_BALANCE"), refused.stderr)
        }
    }

    func testSavedWalletByName() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("nwc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: config) }
        try await withWallet { _, uri in
            let save = try await runCLI(["wallet", "--nwc", uri, "save", "test"], env: ["XDG_CONFIG_HOME": config])
            XCTAssertEqual(save.status, 0, save.stderr)
            let balance = try await runCLI(["wallet", "--nwc", "test", "balance"], env: ["XDG_CONFIG_HOME": config])
            XCTAssertEqual(balance.status, 0, balance.stderr)
            let unknown = try await runCLI(["wallet", "--nwc", "nope", "balance"], env: ["XDG_CONFIG_HOME": config])
            XCTAssertEqual(unknown.status, 1)
        }
    }

    func testTimeoutNamesTheRelay() async throws {
        try await withWallet(silent: true) { wallet, uri in
            let r = try await runCLI(["wallet", "--nwc", uri, "--timeout", "1", "balance"])
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains(wallet.relay), r.stderr)
        }
    }

    func testUsage() async throws {
        let none = try await runCLI(["wallet", "balance"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("NOSTR_NWC"), none.stderr)
        let noAmount = try await runCLI(["wallet", "invoice"])
        XCTAssertEqual(noAmount.status, 2)
        let unknown = try await runCLI(["wallet", "fly"])
        XCTAssertEqual(unknown.status, 2)
    }
}
