import Foundation
import NostrCore
import TestSupport
import XCTest

/// Real zap receipts (corpora/nip57) and the NIP-59/NIP-17 spec gift wraps (corpora/nip59).
final class PushCorpusTests: XCTestCase {
    func testRealZapReceipts() async throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip57/nip57.zaps.fixtures.json")) as? [String: Any])
        let rows = try XCTUnwrap(root["receipts"] as? [[String: Any]])
        var notified = 0, errors = 0
        for row in rows {
            let receiptObject = try XCTUnwrap(row["receipt"])
            let checks = try XCTUnwrap(row["checks"] as? [String: Any])
            let json = try JSONSerialization.data(withJSONObject: receiptObject, options: [.withoutEscapingSlashes])
            let receipt = try Event(json: Array(json))
            let id = receipt.id.hex
            let recipient = try PublicKey(hex: try XCTUnwrap(receipt.firstTagValue("p")))
            let enricher = try await PushEnricher(signers: [WatchOnlySigner(key: recipient)],
                                                  options: PushOptions(clock: { PushFixtures.now }))
            let result = await enricher.enrich(Array(json))
            if checks["description_hash_matches"] as? Bool == true {
                guard case let .notify(n) = result else {
                    // A self-zap is the account's own event.
                    if case .suppress(.ownEvent) = result { notified += 1; continue }
                    XCTFail("\(id): \(result.json)"); continue
                }
                let msat = try XCTUnwrap((checks["bolt11_amount_msat"] as? NSNumber)?.uint64Value, id)
                XCTAssertEqual(n.category, .zap, id)
                XCTAssertEqual(n.amountSats, msat / 1000, id)
                XCTAssertEqual(n.title, "⚡ \(msat / 1000) \(msat / 1000 == 1 ? "sat" : "sats") from \(n.sender.name)", id)
                XCTAssertEqual(n.account, recipient, id)
                XCTAssertEqual(n.eventID, receipt.id, id)
                let request = try Event(json: try XCTUnwrap(receipt.firstTagValue("description")))
                XCTAssertEqual(n.sender.pubkey, request.pubkey, "\(id): the sender is the zap request's author")
                XCTAssertEqual(n.body, String(request.content.prefix(299)) + (request.content.count > 300 ? "…" : ""), id)
                XCTAssertEqual(n.threadID, receipt.firstTagValue("e") ?? receipt.id.hex, id)
                notified += 1
            } else {
                guard case .error(.invalidZap(.descriptionHashMismatch)) = result else { XCTFail("\(id): \(result.json)"); continue }
                errors += 1
            }
        }
        XCTAssertEqual(notified, 168)
        XCTAssertEqual(errors, 10)
    }

    func testSpecGiftWrapsBecomeDMs() async throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip59/nip59.giftwrap.fixtures.json")) as? [String: Any])
        let fixtures = try XCTUnwrap(root["fixtures"] as? [[String: Any]])
        var checked = 0
        for fixture in fixtures {
            let name = try XCTUnwrap(fixture["name"] as? String)
            let keys = try XCTUnwrap(fixture["keys"] as? [String: String])
            var cases: [(wrap: Any, rumor: [String: Any], key: SecretKey)] = []
            if let wrap = fixture["wrap"], let rumor = fixture["rumor"] as? [String: Any], let sk = keys["recipient_sk"] {
                cases.append((wrap, rumor, try SecretKey(hex: sk)))
            }
            for w in fixture["wraps"] as? [[String: Any]] ?? [] {
                let pk = try XCTUnwrap(w["recipient_pk"] as? String)
                let sk = try [keys["sender_sk"], keys["receiver_sk"]].compactMap { $0 }.map { try SecretKey(hex: $0) }
                    .first { $0.publicKey.hex == pk }
                if let sk, let wrap = w["wrap"], let rumor = w["decrypted_rumor"] as? [String: Any] { cases.append((wrap, rumor, sk)) }
            }
            for c in cases {
                let payload = try JSONSerialization.data(withJSONObject: c.wrap,
                                                         options: [.withoutEscapingSlashes])
                let result = await PushEnricher(accounts: [c.key], options: PushOptions(clock: { 0 })).enrich(Array(payload))
                let content = c.rumor["content"] as? String ?? ""
                let kind = c.rumor["kind"] as? Int ?? -1
                switch result {
                case let .notify(n):
                    XCTAssertEqual(n.kind.rawValue, kind, name)
                    XCTAssertEqual(n.body, content, name)
                    XCTAssertEqual(n.eventID.hex, c.rumor["id"] as? String, name)
                    if kind == 14 { XCTAssertEqual(n.category, .dm, name) }
                    checked += 1
                case .suppress(.ownEvent):
                    checked += 1  // the sender's own copy
                default:
                    XCTFail("\(name): \(result.json)")
                }
            }
        }
        XCTAssertEqual(checked, 3)
    }

    func testLegacyWrapsAreErrors() async throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip59/nip59.giftwrap.fixtures.json")) as? [String: Any])
        let legacy = try XCTUnwrap((root["legacy_pre_nip44v2"] as? [String: Any])?["wraps"] as? [[String: Any]])
        XCTAssertFalse(legacy.isEmpty)
        for (i, w) in legacy.enumerated() {
            let wrap = try JSONSerialization.data(withJSONObject: try XCTUnwrap(w["wrap"]), options: [.withoutEscapingSlashes])
            let key = try SecretKey(hex: try XCTUnwrap(w["recipient_sk"] as? String))
            let result = await PushEnricher(accounts: [key]).enrich(Array(wrap))
            guard case .error = result else { XCTFail("legacy #\(i): \(result.json)"); continue }
        }
    }
}
