import XCTest
import Foundation
import NostrCore
import TestSupport

final class NIP47Tests: XCTestCase {
    struct Payload { let test: String, type: String, json: String }

    func corpus() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip47/nip47.nwc.fixtures.json")) as? [String: Any])
    }

    func payloads() throws -> [Payload] {
        try XCTUnwrap(corpus()["payloads"] as? [[String: Any]]).map { p in
            let data = try JSONSerialization.data(withJSONObject: XCTUnwrap(p["json"]), options: [.withoutEscapingSlashes])
            return Payload(test: p["test"] as? String ?? "?", type: p["type"] as? String ?? "?",
                           json: String(decoding: data, as: UTF8.self))
        }
    }

    /// Every decrypted corpus payload parses into the typed models and survives a serialize/parse round.
    func testCorpusPayloadsParse() throws {
        let rows = try payloads()
        XCTAssertEqual(rows.count, 105)
        var parsed = 0
        for row in rows {
            switch row.type {
            case "request":
                let r = try WalletRequest(json: row.json)
                XCTAssertEqual(try WalletRequest(json: r.json), r, row.test)
            case "response":
                let r = try WalletResponse(json: row.json)
                XCTAssertEqual(try WalletResponse(json: r.json), r, row.test)
            case "notification":
                let n = try WalletNotification(json: row.json)
                XCTAssertEqual(try WalletNotification(json: n.json), n, row.test)
            default:
                // "testPayInvoiceSuccessGuessWithoutResultType": NIP-47 requires result_type.
                XCTAssertThrowsError(try WalletResponse(json: row.json), row.test)
                continue
            }
            parsed += 1
        }
        XCTAssertEqual(parsed, 104)
    }

    func testTypedValues() throws {
        func response(_ test: String) throws -> WalletResponse {
            try WalletResponse(json: XCTUnwrap(payloads().first { $0.test == test }).json)
        }
        XCTAssertEqual(try response("testAlbyPayInvoiceSuccess").result,
                       .payment(preimage: String(repeating: "65", count: 32), feesPaidMsat: 1))
        XCTAssertEqual(try response("testAlbyGetBalanceResponse").result, .balance(msat: 21_000_000))
        let insufficient = try response("testAlbyPayInvoiceInsufficientBalance")
        XCTAssertEqual(insufficient.error?.code, .insufficientBalance)
        XCTAssertThrowsError(try insufficient.get()) { XCTAssertEqual(($0 as? WalletError)?.code, .insufficientBalance) }
        XCTAssertEqual(try response("testExpiredError").error?.code, .unknown("EXPIRED"))
        guard case let .transactions(list, total)? = try response("testJsSdkLowercaseStatesInListTransactions").result else {
            return XCTFail("list_transactions")
        }
        XCTAssertEqual(list.map(\.state), [.settled, .failed, .accepted])
        XCTAssertEqual(list.map(\.direction), [.incoming, .outgoing, .incoming])
        XCTAssertEqual(total, 3)
        guard case let .transaction(tx)? = try response("testAlbyLookupInvoiceSettled").result else { return XCTFail("lookup") }
        XCTAssertEqual(tx.state, .settled)
        XCTAssertEqual(tx.amountMsat, 5000)
        XCTAssertEqual(tx.settledAt, 1_694_876_500)
        guard case let .info(info)? = try response("testAlbyGetInfoFullResponse").result else { return XCTFail("get_info") }
        XCTAssertEqual(info.alias, "AlbyHub")
        XCTAssertEqual(info.blockHeight, 800_000)
        XCTAssertEqual(info.lud16, "satoshi@getalby.com")
        XCTAssertTrue(info.methods.contains("pay_invoice"))
        XCTAssertEqual(try response("testResponseWithNoResultOrError").result, nil)
    }

    func testTypedRequests() throws {
        XCTAssertEqual(try WalletRequest(json: #"{"method":"pay_invoice","params":{"invoice":"lnbc50n1...","amount":1000}}"#),
                       .payInvoice(.init(invoice: "lnbc50n1...", amountMsat: 1000)))
        XCTAssertEqual(try WalletRequest(json: #"{"method":"get_balance"}"#), .getBalance)
        XCTAssertEqual(try WalletRequest(json: #"{"method":"lookup_invoice","params":{"payment_hash":"abc"}}"#),
                       .lookupInvoice(paymentHash: "abc", invoice: nil))
        let multi = try WalletRequest(json: #"{"method":"multi_pay_invoice","params":{"invoices":[{"id":"a","invoice":"lnbc1"},{"invoice":"lnbc2","amount":5}]}}"#)
        XCTAssertEqual(multi, .multiPayInvoice([.init(invoice: "lnbc1", id: "a"), .init(invoice: "lnbc2", amountMsat: 5)]))
        XCTAssertEqual(WalletRequest.getInfo.json, #"{"method":"get_info","params":{}}"#)
        XCTAssertThrowsError(try WalletRequest(json: #"{"method":"pay_invoice","params":{}}"#))
        XCTAssertThrowsError(try WalletRequest(json: #"{"params":{}}"#))
        guard case .other("sign_message", _) = try WalletRequest(json: #"{"method":"sign_message","params":{"message":"hi"}}"#) else {
            return XCTFail("sign_message")
        }
    }

    func testEveryErrorCode() {
        let codes = ["RATE_LIMITED", "NOT_IMPLEMENTED", "INSUFFICIENT_BALANCE", "QUOTA_EXCEEDED", "RESTRICTED", "UNAUTHORIZED",
                     "INTERNAL", "UNSUPPORTED_ENCRYPTION", "PAYMENT_FAILED", "NOT_FOUND", "OTHER"]
        for code in codes {
            let parsed = WalletErrorCode(rawValue: code)
            XCTAssertNotEqual(parsed, .unknown(code), code)
            XCTAssertEqual(parsed.rawValue, code)
        }
        XCTAssertEqual(WalletErrorCode(rawValue: "BAD_REQUEST"), .unknown("BAD_REQUEST"))
    }

    func testInfoEvent() throws {
        let wallet = SecretKey.generate()
        let info = WalletServiceInfo(methods: ["pay_invoice", "get_balance", "notifications"], encryptions: [.nip44, .nip04],
                                     notifications: ["payment_received"])
        let event = try info.unsignedEvent(walletPubkey: wallet.publicKey, createdAt: 1).sign(with: wallet)
        XCTAssertEqual(event.content, "pay_invoice get_balance notifications")
        XCTAssertEqual(event.firstTagValue("encryption"), "nip44_v2 nip04")
        XCTAssertEqual(try WalletServiceInfo(event: event), info)
        let legacy = try UnsignedEvent(pubkey: wallet.publicKey, createdAt: 1, kind: .walletInfo, content: "pay_invoice").sign(with: wallet)
        XCTAssertEqual(try WalletServiceInfo(event: legacy).preferredEncryption, .nip04)
    }

    /// Client and wallet service exchange a request, a response and a notification, in both encryptions.
    func testRequestResponseNotificationRoundTrip() throws {
        let wallet = SecretKey.generate(), client = SecretKey.generate()
        let uri = WalletConnectURI(walletPubkey: wallet.publicKey, relays: ["wss://relay.example.com"], secret: client)
        for scheme in NWCEncryption.allCases {
            let request = try NWC.requestEvent(.payInvoice(.init(invoice: "lnbc10n1xyz")), uri: uri, encryption: scheme,
                                               createdAt: 1_700_000_000, expiration: 1_700_000_060)
            XCTAssertNoThrow(try request.verify())
            XCTAssertEqual(request.kind, .walletRequest)
            XCTAssertEqual(request.pubkey, client.publicKey)
            XCTAssertEqual(request.firstTagValue("p"), wallet.publicKey.hex)
            XCTAssertEqual(request.firstTagValue("expiration"), "1700000060")
            XCTAssertEqual(NWC.encryption(of: request), scheme)
            XCTAssertFalse(request.content.contains("lnbc"))
            XCTAssertEqual(try NWC.request(request, walletSecret: wallet), .payInvoice(.init(invoice: "lnbc10n1xyz")))

            let answer = WalletResponse(resultType: "pay_invoice", result: .payment(preimage: "00ff", feesPaidMsat: 3))
            let response = try NWC.responseEvent(answer, to: request, walletSecret: wallet, createdAt: 1_700_000_001)
            XCTAssertEqual(response.firstTagValue("e"), request.id.hex)
            XCTAssertEqual(response.firstTagValue("p"), client.publicKey.hex)
            XCTAssertEqual(try NWC.response(response, uri: uri), answer)

            let tx = WalletTransaction(direction: .incoming, amountMsat: 5000, state: .settled, paymentHash: "ab")
            let note = try NWC.notificationEvent(.paymentReceived(tx), client: client.publicKey, walletSecret: wallet,
                                                 encryption: scheme, createdAt: 1_700_000_002)
            XCTAssertEqual(note.kind, scheme == .nip44 ? .walletNotification : .walletNotificationNIP04)
            XCTAssertEqual(try NWC.notification(note, uri: uri), .paymentReceived(tx))
        }
        let failure = WalletResponse(resultType: "pay_invoice", error: WalletError(code: .paymentFailed, message: "no route"))
        XCTAssertEqual(try WalletResponse(json: failure.json), failure)
    }

    func testCorpusSignedEventIsLegacyNIP04Response() throws {
        let rows = try XCTUnwrap(corpus()["nwc_events"] as? [[String: Any]])
        let data = try JSONSerialization.data(withJSONObject: XCTUnwrap(rows.first?["event"]), options: [.withoutEscapingSlashes])
        let event = try Event(json: Array(data))
        XCTAssertNoThrow(try event.verify())
        XCTAssertEqual(event.kind, .walletResponse)
        XCTAssertEqual(NWC.encryption(of: event), .nip04)
        // Not our key: decryption must fail cleanly, not crash.
        let stranger = WalletConnectURI(walletPubkey: event.pubkey, relays: ["wss://r"], secret: SecretKey.generate())
        XCTAssertThrowsError(try NWC.response(event, uri: stranger))
    }

    /// A signer holding a key in memory, standing in for the key store or a bunker.
    struct KeySigner: Signer {
        let key: SecretKey
        func publicKey() async throws(SignerError) -> PublicKey { key.publicKey }
        func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event {
            do { return try event.sign(with: key) } catch { throw .rejected("\(error)") }
        }
        func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
            do { return try NIP04.encrypt(text, from: key, to: to) } catch { throw .encryption("\(error)") }
        }
        func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
            do { return try NIP04.decrypt(payload, to: key, from: from) } catch { throw .decryption("\(error)") }
        }
        func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
            do { return try NIP44.encrypt(text, from: key, to: to) } catch { throw .encryption("\(error)") }
        }
        func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
            do { return try NIP44.decrypt(payload, to: key, from: from) } catch { throw .decryption("\(error)") }
        }
    }

    func testSignerBasedRequest() async throws {
        let wallet = SecretKey.generate(), client = SecretKey.generate()
        let signer = KeySigner(key: client)
        for scheme in NWCEncryption.allCases {
            let event = try await NWC.requestEvent(.getBalance, walletPubkey: wallet.publicKey, encryption: scheme,
                                                   createdAt: 1_700_000_000, signer: signer)
            XCTAssertNoThrow(try event.verify())
            XCTAssertEqual(try NWC.request(event, walletSecret: wallet), .getBalance)
            let reply = try NWC.responseEvent(WalletResponse(resultType: "get_balance", result: .balance(msat: 42)), to: event,
                                              walletSecret: wallet, createdAt: 1_700_000_001)
            let text = try await NWC.decrypt(reply, signer: signer)
            XCTAssertEqual(try WalletResponse(json: text).result, .balance(msat: 42))
        }
    }
}
