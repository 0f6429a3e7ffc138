import Foundation
import TestSupport
import XCTest
@testable import NostrCore

/// The NIP-59 and NIP-17 spec examples and real legacy wraps from corpora/nip59.
final class NIP59CorpusTests: XCTestCase {
    /// One gift wrap of the corpus, with the key that opens it and what it must contain.
    struct Row {
        let name: String
        let wrapJSON: String
        let recipient: SecretKey
        let sealID: String?
        let rumor: [String: Any]?
        let expectedContent: String?
        let expectedRumorID: String?
    }

    private func json(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]), as: UTF8.self)
    }

    private func load() throws -> (valid: [Row], legacy: [Row]) {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Corpus.data("nip59/nip59.giftwrap.fixtures.json")) as? [String: Any])
        let fixtures = try XCTUnwrap(root["fixtures"] as? [[String: Any]])
        var valid: [Row] = []
        for f in fixtures {
            let name = try XCTUnwrap(f["name"] as? String)
            let keys = try XCTUnwrap(f["keys"] as? [String: String])
            if let wrap = f["wrap"], let rumor = f["rumor"] as? [String: Any], let seal = f["seal"] as? [String: Any] {
                valid.append(Row(name: name, wrapJSON: try json(wrap), recipient: try SecretKey(hex: try XCTUnwrap(keys["recipient_sk"])),
                                 sealID: seal["id"] as? String, rumor: rumor, expectedContent: nil, expectedRumorID: nil))
            }
            for (i, w) in (f["wraps"] as? [[String: Any]] ?? []).enumerated() {
                let recipientPK = try XCTUnwrap(w["recipient_pk"] as? String)
                let sk = try [keys["sender_sk"], keys["receiver_sk"]].compactMap { $0 }.map { try SecretKey(hex: $0) }
                    .first { $0.publicKey.hex == recipientPK }
                valid.append(Row(name: "\(name)#\(i)", wrapJSON: try json(try XCTUnwrap(w["wrap"])), recipient: try XCTUnwrap(sk),
                                 sealID: (w["decrypted_seal"] as? [String: Any])?["id"] as? String,
                                 rumor: w["decrypted_rumor"] as? [String: Any], expectedContent: nil, expectedRumorID: nil))
            }
        }
        let legacyRoot = try XCTUnwrap(root["legacy_pre_nip44v2"] as? [String: Any])
        let legacy = try XCTUnwrap(legacyRoot["wraps"] as? [[String: Any]]).enumerated().map { i, w in
            Row(name: "legacy#\(i)", wrapJSON: try json(try XCTUnwrap(w["wrap"])),
                recipient: try SecretKey(hex: try XCTUnwrap(w["recipient_sk"] as? String)), sealID: nil, rumor: nil,
                expectedContent: w["expected_rumor_content"] as? String, expectedRumorID: w["expected_rumor_id"] as? String)
        }
        return (valid, legacy)
    }

    func testSpecExamplesUnwrapToTheDocumentedRumors() async throws {
        let rows = try load().valid
        XCTAssertEqual(rows.count, 3, "NIP-59 example + the two NIP-17 example wraps")
        for row in rows {
            let wrap = try Event(json: row.wrapJSON)
            let gift: UnwrappedGift
            do { gift = try await NIP59.unwrap(wrap, signer: LocalSigner(row.recipient)) } catch {
                XCTFail("\(row.name): \(error)"); continue
            }
            let rumor = try XCTUnwrap(row.rumor, row.name)
            XCTAssertEqual(gift.seal.id.hex, row.sealID, row.name)
            XCTAssertEqual(gift.rumorID.hex, rumor["id"] as? String, row.name)
            XCTAssertEqual(gift.rumor.pubkey.hex, rumor["pubkey"] as? String, row.name)
            XCTAssertEqual(gift.sender.hex, rumor["pubkey"] as? String, row.name)
            XCTAssertEqual(gift.rumor.content, rumor["content"] as? String, row.name)
            XCTAssertEqual(gift.rumor.kind.rawValue, rumor["kind"] as? Int, row.name)
            XCTAssertEqual(gift.rumor.createdAt, (rumor["created_at"] as? NSNumber)?.int64Value, row.name)
            XCTAssertEqual(gift.rumor.tags.map(\.fields), rumor["tags"] as? [[String]], row.name)
        }
    }

    func testLegacyPreV2WrapsAreRejectedCleanly() async throws {
        let rows = try load().legacy
        XCTAssertEqual(rows.count, 6)
        for row in rows {
            let wrap = try Event(json: row.wrapJSON)
            XCTAssertNoThrow(try wrap.verify(), "\(row.name): the corpus says its signature is valid")
            do {
                let gift = try await NIP59.unwrap(wrap, signer: LocalSigner(row.recipient))
                XCTFail("\(row.name): opened a NIP-44 v1 payload: \(gift.rumor.content)")
            } catch {
                guard case .decryptWrap(.decryption) = error else { XCTFail("\(row.name): unexpected \(error)"); continue }
            }
        }
    }
}
