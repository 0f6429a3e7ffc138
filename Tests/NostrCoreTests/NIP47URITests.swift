import XCTest
import Foundation
import NostrCore
import TestSupport

final class NIP47URITests: XCTestCase {
    func testCorpusConnectionURIs() throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip47/nip47.nwc.fixtures.json")) as? [String: Any])
        let rows = try XCTUnwrap(root["connection_uris"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 11)
        for row in rows {
            let text = try XCTUnwrap(row["uri"] as? String)
            // "implementation-defined" rows use other schemes and short secrets: we reject them.
            let valid = row["valid"] as? Bool ?? false
            do {
                let uri = try WalletConnectURI(text)
                XCTAssertTrue(valid, "\(text) parsed but should not")
                let expected = try XCTUnwrap(row["expected"] as? [String: Any])
                XCTAssertEqual(uri.walletPubkey.hex, expected["pubkey"] as? String, text)
                XCTAssertEqual(uri.relays, expected["relays"] as? [String], text)
                XCTAssertEqual(uri.secret.hex, expected["secret"] as? String, text)
                XCTAssertEqual(uri.lud16, expected["lud16"] as? String, text)
                XCTAssertEqual(try WalletConnectURI(uri.uri), uri, text)
                XCTAssertFalse(uri.description.contains(uri.secret.hex), text)
            } catch {
                XCTAssertFalse(valid, "\(text): \(error)")
                XCTAssertFalse("\(error)".contains("71a8c14c1407c113"), "error leaks the secret")
            }
        }
    }

    func testSerializationMatchesSpecExample() throws {
        let text = "nostr+walletconnect://b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4?relay=wss%3A%2F%2Frelay.damus.io&secret=71a8c14c1407c113601079c4302dab36460f0ccd0ad506f1f2dc73b5100e4f3c"
        XCTAssertEqual(try WalletConnectURI(text).uri, text)
    }
}
