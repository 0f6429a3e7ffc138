import XCTest
import Foundation
import NostrCore
import TestSupport

final class NIP05Tests: XCTestCase {
    struct ParseCase { let input: String, name: String?, domain: String?, valid: Bool }

    func corpus() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip05/nip05.examples.json")) as? [String: Any])
    }

    func testCorpusIdentifierParsing() throws {
        let rows = try XCTUnwrap(corpus()["identifier_parsing"] as? [[String: Any]]).map {
            ParseCase(input: $0["input"] as? String ?? "", name: $0["name"] as? String,
                      domain: $0["domain"] as? String, valid: $0["valid"] as? Bool ?? false)
        }
        XCTAssertEqual(rows.count, 9)
        for row in rows {
            // The corpus marks go-nostr's acceptance of '+' as valid, but NIP-05 restricts the local
            // part to a-z0-9-_. and so do we.
            let expectValid = row.valid && !(row.name ?? "").contains("+")
            do {
                let id = try NIP05Identifier(row.input)
                XCTAssertTrue(expectValid, "\(row.input) parsed but should not")
                XCTAssertEqual(id.name, row.name, row.input)
                XCTAssertEqual(id.domain, row.domain, row.input)
            } catch {
                XCTAssertFalse(expectValid, "\(row.input): \(error)")
            }
        }
    }

    func testCorpusDocumentsURLs() throws {
        let docs = try XCTUnwrap(corpus()["well_known_documents"] as? [[String: Any]])
        XCTAssertEqual(docs.count, 4)
        for doc in docs {
            let identifier = try XCTUnwrap(doc["identifier"] as? String)
            XCTAssertEqual(try NIP05Identifier(identifier).wellKnownURL, doc["url"] as? String, identifier)
        }
    }

    func testNamesAreLowercasedAndRootDisplaysAsDomain() throws {
        let id = try NIP05Identifier("  Bob@Example.COM ")
        XCTAssertEqual(id.name, "bob")
        XCTAssertEqual(id.domain, "example.com")
        XCTAssertEqual(id.description, "bob@example.com")
        XCTAssertEqual(try NIP05Identifier("_@bob.com").description, "bob.com")
    }

    func testLoopbackUsesHTTP() throws {
        XCTAssertEqual(try NIP05Identifier("alice@127.0.0.1:8080").wellKnownURL,
                       "http://127.0.0.1:8080/.well-known/nostr.json?name=alice")
        XCTAssertEqual(try NIP05Identifier("localhost").wellKnownURL, "http://localhost/.well-known/nostr.json?name=_")
    }

    func testRejects() {
        for bad in ["", "@example.com", "bob@", "a@b@c.com", "bob smith@example.com", "bob@exa mple.com",
                    "bob@example.com:0", "bob@-bad.com", "BOB!@example.com"] {
            XCTAssertThrowsError(try NIP05Identifier(bad), bad)
        }
    }

    func testCorpusDocumentsVerify() throws {
        let docs = try XCTUnwrap(corpus()["well_known_documents"] as? [[String: Any]])
        for doc in docs {
            let identifier = try XCTUnwrap(doc["identifier"] as? String)
            let data = try JSONSerialization.data(withJSONObject: XCTUnwrap(doc["document"]))
            let document = try NIP05Document(json: Array(data))
            let expected = try PublicKey(hex: XCTUnwrap(doc["expected_pubkey"] as? String))
            let relays = try NIP05.verify(nip05: identifier, pubkey: expected, document: document)
            XCTAssertEqual(relays, doc["expected_relays"] as? [String], identifier)
            XCTAssertThrowsError(try NIP05.verify(nip05: identifier, pubkey: SecretKey.generate().publicKey, document: document)) {
                guard case .pubkeyMismatch = $0 as? NIP05Error else { return XCTFail("\(identifier): \($0)") }
            }
        }
    }

    func testKind0ExampleVerifies() throws {
        let example = try XCTUnwrap(corpus()["kind0_example"] as? [String: Any])
        let content = try XCTUnwrap(example["content"] as? String)
        let profile = try JSONValue.parse(content)
        let nip05 = try XCTUnwrap(profile["nip05"]?.stringValue)
        let document = try NIP05Document(json: #"{"names":{"bob":"b0635d6a9851d3aed0cd6c495b282167acf761729078d975fc341b22650b07b9"}}"#)
        XCTAssertNoThrow(try NIP05.verify(nip05: nip05, pubkey: PublicKey(hex: XCTUnwrap(example["pubkey"] as? String)), document: document))
    }

    func testBrokenDocuments() throws {
        XCTAssertThrowsError(try NIP05Document(json: "not json"))
        XCTAssertThrowsError(try NIP05Document(json: #"{"relays":{}}"#)) { XCTAssertEqual($0 as? NIP05Error, .invalidDocument("no \"names\" object")) }
        let doc = try NIP05Document(json: #"{"names":{"Bob":"B0635D6A9851D3AED0CD6C495B282167ACF761729078D975FC341B22650B07B9","eve":"npub1xyz"}}"#)
        XCTAssertThrowsError(try doc.pubkey(for: "bob")) { guard case .invalidPubkey = $0 as? NIP05Error else { return XCTFail("\($0)") } }
        XCTAssertThrowsError(try doc.pubkey(for: "eve")) { guard case .invalidPubkey = $0 as? NIP05Error else { return XCTFail("\($0)") } }
        XCTAssertThrowsError(try doc.pubkey(for: "carol")) { XCTAssertEqual($0 as? NIP05Error, .nameNotFound("carol")) }
    }
}
