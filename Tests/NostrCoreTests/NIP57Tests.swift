import XCTest
import Foundation
import NostrCore
import TestSupport

final class NIP57Tests: XCTestCase {
    struct ReceiptRow { let id: String, json: String, consistent: Bool, requestAmount: UInt64?, invoiceAmount: UInt64? }

    func corpus() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip57/nip57.zaps.fixtures.json")) as? [String: Any])
    }

    func receipts() throws -> [ReceiptRow] {
        try XCTUnwrap(corpus()["receipts"] as? [[String: Any]]).map { r in
            let event = try XCTUnwrap(r["receipt"])
            let checks = try XCTUnwrap(r["checks"] as? [String: Any])
            let data = try JSONSerialization.data(withJSONObject: event, options: [.withoutEscapingSlashes])
            return ReceiptRow(id: (event as? [String: Any])?["id"] as? String ?? "?",
                              json: String(decoding: data, as: UTF8.self),
                              consistent: checks["description_hash_matches"] as? Bool ?? false,
                              requestAmount: (checks["zap_request_amount_msat"] as? NSNumber)?.uint64Value,
                              invoiceAmount: (checks["bolt11_amount_msat"] as? NSNumber)?.uint64Value)
        }
    }

    func testCorpusReceipts() throws {
        let rows = try receipts()
        XCTAssertEqual(rows.count, 178)
        var passed = 0, hashMismatches = 0
        for row in rows {
            // Re-serialized by Foundation, so the raw bytes differ but the id (over canonical fields) holds.
            let event = try Event(json: row.json)
            do {
                let zap = try ZapReceipt(event: event)
                XCTAssertTrue(row.consistent, "\(row.id) validated but the corpus marks it inconsistent")
                XCTAssertEqual(zap.amountMsat, row.invoiceAmount, row.id)
                if let requested = row.requestAmount { XCTAssertEqual(zap.amountMsat, requested, row.id) }
                XCTAssertEqual(zap.recipient.hex, event.firstTagValue("p"), row.id)
                XCTAssertEqual(zap.sender, zap.request.pubkey, row.id)
                XCTAssertEqual(zap.zappedEventID?.hex, event.firstTagValue("e"), row.id)
                XCTAssertEqual(zap.comment, zap.request.content, row.id)
                XCTAssertEqual(try ZapReceipt(event: event, expectedSigner: event.pubkey).event, event, row.id)
                passed += 1
            } catch {
                XCTAssertFalse(row.consistent, "\(row.id): \(error)")
                XCTAssertEqual(error, .descriptionHashMismatch, row.id)
                hashMismatches += 1
            }
        }
        XCTAssertEqual(passed, 168)
        XCTAssertEqual(hashMismatches, 10)
    }

    func testWrongProviderIsRejected() throws {
        let row = try XCTUnwrap(receipts().first { $0.consistent })
        let stranger = SecretKey.generate().publicKey
        XCTAssertThrowsError(try ZapReceipt(event: Event(json: row.json), expectedSigner: stranger)) { error in
            guard case .unexpectedSigner = error as? ZapError else { return XCTFail("\(error)") }
        }
    }

    func testSpecExampleReceiptIsNotConsistent() throws {
        // The 57.md receipt has no sig and a re-formatted description: it must not validate.
        let examples = try XCTUnwrap(corpus()["nip57_text_examples"] as? [String: Any])
        var receipt = try XCTUnwrap(examples["zap_receipt"] as? [String: Any])
        receipt["sig"] = String(repeating: "0", count: 128)
        let data = try JSONSerialization.data(withJSONObject: receipt, options: [.withoutEscapingSlashes])
        XCTAssertThrowsError(try ZapReceipt(event: Event(json: data)))
    }

    /// A full zap round: sender builds and signs a request, the LNURL server validates it (Appendix D),
    /// issues a receipt for an invoice committing to it, and the client validates the receipt.
    func testRequestAndReceiptRoundTrip() throws {
        let sender = SecretKey.generate(), recipient = SecretKey.generate(), provider = SecretKey.generate()
        let note = try EventID(hex: String(repeating: "ab", count: 32))
        let lnurl = try LightningAddress("alice@example.com").lnurl
        let unsigned = NIP57.zapRequest(sender: sender.publicKey, recipient: recipient.publicKey, amountMsat: 21000,
                                        relays: ["wss://relay.example.com"], lnurl: lnurl, eventID: note,
                                        targetKind: .textNote, comment: "great post", createdAt: 1_700_000_000)
        XCTAssertEqual(unsigned.kind, .zapRequest)
        XCTAssertEqual(unsigned.tags, [["relays", "wss://relay.example.com"], ["amount", "21000"], ["lnurl", lnurl],
                                       ["p", recipient.publicKey.hex], ["e", note.hex], ["k", "1"]])
        let request = try unsigned.sign(with: sender)
        XCTAssertNoThrow(try NIP57.validateZapRequest(request, amountMsat: 21000, receiptSigner: provider.publicKey))
        XCTAssertThrowsError(try NIP57.validateZapRequest(request, amountMsat: 1000)) {
            XCTAssertEqual($0 as? ZapError, .amountMismatch(requested: 21000, actual: 1000))
        }
        var twoP = unsigned
        twoP.tags.append(["p", sender.publicKey.hex])
        XCTAssertThrowsError(try NIP57.validateZapRequest(twoP.sign(with: sender), amountMsat: 21000)) {
            XCTAssertEqual($0 as? ZapError, .multipleRecipients)
        }
        var badA = unsigned
        badA.tags.append(["a", "not-a-coordinate"])
        XCTAssertThrowsError(try NIP57.validateZapRequest(badA.sign(with: sender), amountMsat: nil)) {
            XCTAssertEqual($0 as? ZapError, .invalidCoordinate("not-a-coordinate"))
        }

        // The spec's first BOLT-11 example commits to no zap request; any hash mismatch must be caught.
        let foreignInvoice = "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44"
        let receipt = try NIP57.zapReceipt(for: request, requestJSON: request.json, bolt11: foreignInvoice,
                                           provider: provider.publicKey, paidAt: 1_700_000_100).sign(with: provider)
        XCTAssertEqual(receipt.firstTagValue("P"), sender.publicKey.hex)
        XCTAssertThrowsError(try ZapReceipt(event: receipt, expectedSigner: provider.publicKey)) {
            XCTAssertEqual($0 as? ZapError, .descriptionHashMismatch)
        }
    }

    func testCallbackCarriesEncodedRequest() throws {
        let sender = SecretKey.generate()
        let request = try NIP57.zapRequest(sender: sender.publicKey, recipient: sender.publicKey, amountMsat: 5000,
                                           relays: ["wss://r.example.com"], lnurl: nil, createdAt: 1).sign(with: sender)
        let url = LNURL.callbackURL("https://pay.example.com/cb", amountMsat: 5000, zapRequestJSON: request.json)
        let query = try XCTUnwrap(url.split(separator: "?", maxSplits: 1).last)
        let items = try XCTUnwrap(PercentEncoding.queryItems(query))
        XCTAssertEqual(items.first { $0.name == "amount" }?.value, "5000")
        let decoded = try Event(json: XCTUnwrap(items.first { $0.name == "nostr" }?.value))
        XCTAssertEqual(decoded, request)
        XCTAssertNoThrow(try NIP57.validateZapRequest(decoded, amountMsat: 5000))
        let server = try NIP57.callbackParameters(query: String(query))
        XCTAssertEqual(server.amountMsat, 5000)
        XCTAssertEqual(server.request, request)
        XCTAssertNil(try NIP57.callbackParameters(query: "amount=1000").request)
        XCTAssertThrowsError(try NIP57.callbackParameters(query: query.replacingOccurrences(of: "amount=5000", with: "amount=6000"))) {
            XCTAssertEqual($0 as? ZapError, .amountMismatch(requested: 5000, actual: 6000))
        }
    }

    func testZapSplitsFollowAppendixG() throws {
        let k = (0..<3).map { _ in SecretKey.generate().publicKey.hex }
        let author = SecretKey.generate()
        func event(_ tags: [Tag]) throws -> Event {
            try UnsignedEvent(pubkey: author.publicKey, createdAt: 1, kind: .textNote, tags: tags, content: "").sign(with: author)
        }
        let weighted = ZapSplit.splits(of: try event([["zap", k[0], "wss://a", "1"], ["zap", k[1], "wss://b", "1"], ["zap", k[2], "wss://c", "2"]]))
        XCTAssertEqual(weighted.map(\.share), [0.25, 0.25, 0.5])
        XCTAssertEqual(weighted.first?.relay, "wss://a")
        let equal = ZapSplit.splits(of: try event([["zap", k[0]], ["zap", k[1]]]))
        XCTAssertEqual(equal.map(\.share), [0.5, 0.5])
        let partial = ZapSplit.splits(of: try event([["zap", k[0], "", "3"], ["zap", k[1]], ["zap", "nothex"]]))
        XCTAssertEqual(partial.map(\.share), [1, 0])
    }
}
