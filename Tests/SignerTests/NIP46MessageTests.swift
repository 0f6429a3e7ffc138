import XCTest
import Foundation
import NostrCore
import TestSupport

/// The sans-IO NIP-46 layer: URIs (both query forms), JSON-RPC messages, permissions, kind-24133 events.
final class NIP46MessageTests: XCTestCase {
    func testCorpusConnectionURIs() throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip46/nip46.fixtures.json")) as? [String: Any])
        let rows = try XCTUnwrap(root["connection_uris"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 6)
        for row in rows {
            let text = try XCTUnwrap(row["uri"] as? String)
            let valid = try XCTUnwrap(row["valid"] as? Bool)
            let expected = row["expected"] as? [String: Any]
            let params = expected?["params"] as? [String: [String]] ?? [:]
            switch expected?["scheme"] as? String {
            case "bunker":
                let uri = try BunkerURI(text)
                XCTAssertEqual(uri.remoteSignerPubkey.hex, expected?["pubkey"] as? String, text)
                XCTAssertEqual(uri.relays, params["relay"], text)
                XCTAssertEqual(uri.secret, params["secret"]?.first, text)
                XCTAssertEqual(try BunkerURI(uri.uri), uri, text)
            case "nostrconnect":
                let uri = try NostrConnectURI(text)
                XCTAssertEqual(uri.clientPubkey.hex, expected?["pubkey"] as? String, text)
                XCTAssertEqual(uri.relays, params["relay"], text)
                XCTAssertEqual(uri.secret, params["secret"]?.first, text)
                XCTAssertEqual(uri.metadata.name, params["name"]?.first, text)
                XCTAssertEqual(uri.permissions, try NIP46Permissions(parsing: params["perms"]?.first ?? ""), text)
                XCTAssertTrue(uri.permissions.allows(.signEvent, kind: 1059), text)
                XCTAssertFalse(uri.permissions.allows(.signEvent, kind: 1), text)
                XCTAssertEqual(try NostrConnectURI(uri.uri), uri, text)
                XCTAssertFalse(uri.description.contains(uri.secret), text)
            default:
                XCTAssertFalse(valid, text)
                XCTAssertThrowsError(try BunkerURI(text), text)
                XCTAssertThrowsError(try NostrConnectURI(text), text)
            }
        }
    }

    func testLegacyMetadataForm() throws {
        let pk = SecretKey.generate().publicKey.hex
        let meta = PercentEncoding.encode(#"{"name":"Old App","url":"https://old.example","perms":["sign_event:1","nip04_encrypt"]}"#)
        let uri = try NostrConnectURI("nostrconnect://\(pk)?relay=wss%3A%2F%2Fr.example&metadata=\(meta)&secret=abc")
        XCTAssertEqual(uri.metadata, NIP46ClientMetadata(name: "Old App", url: "https://old.example"))
        XCTAssertEqual(uri.permissions.description, "nip04_encrypt,sign_event:1")
        XCTAssertEqual(uri.secret, "abc")
        // Written back in the current form.
        XCTAssertTrue(uri.uri.contains("name=Old%20App"))
        XCTAssertFalse(uri.uri.contains("metadata="))
    }

    func testNostrConnectNeedsSecretAndRelay() {
        let pk = SecretKey.generate().publicKey.hex
        XCTAssertThrowsError(try NostrConnectURI("nostrconnect://\(pk)?relay=wss%3A%2F%2Fr.example")) { e in
            XCTAssertEqual(e as? NIP46Error, .invalidURI("no secret parameter (46.md requires one)"))
        }
        XCTAssertThrowsError(try BunkerURI("bunker://\(pk)?secret=x"))
    }

    func testPermissions() throws {
        let p = try NIP46Permissions(parsing: "sign_event:1, nip44_encrypt,,sign_event:1")
        XCTAssertEqual(p.description, "nip44_encrypt,sign_event:1")
        XCTAssertTrue(p.allows(.nip44Encrypt))
        XCTAssertFalse(p.allows(.nip44Decrypt))
        XCTAssertTrue(p.allows(.signEvent, kind: 1))
        XCTAssertFalse(p.allows(.signEvent, kind: 4))
        XCTAssertTrue(try NIP46Permissions(parsing: "sign_event").allows(.signEvent, kind: 30023))
        for bad in ["sign_event:abc", "nip44_encrypt:1", "Sign Event", "sign_event:70000"] {
            XCTAssertThrowsError(try NIP46Permissions(parsing: bad), bad)
        }
    }

    func testRequestAndResponseJSON() throws {
        let r = NIP46Request(id: "r1", method: .signEvent, params: [#"{"kind":1}"#])
        XCTAssertEqual(try NIP46Request(json: r.json), r)
        // Some clients send numbers or objects as params; they are kept as JSON text.
        let loose = try NIP46Request(json: #"{"id":7,"method":"sign_event","params":[{"kind":1}]}"#)
        XCTAssertEqual(loose.id, "7")
        XCTAssertEqual(loose.params, [#"{"kind":1}"#])
        XCTAssertThrowsError(try NIP46Request(json: #"{"id":"x"}"#))
        XCTAssertThrowsError(try NIP46Request(json: "[1]"))

        let ok = NIP46Response.success("r1", "pong")
        XCTAssertEqual(try NIP46Response(json: ok.json), ok)
        XCTAssertEqual(try NIP46Response(json: #"{"id":"a","result":["wss://x"]}"#).result, #"["wss://x"]"#)
        XCTAssertNil(try NIP46Response(json: #"{"id":"a","result":null}"#).result)
        XCTAssertNil(try NIP46Response(json: #"{"id":"a","result":"ack","error":""}"#).error)
        let auth = NIP46Response.authChallenge("r1", url: "https://auth.example/x")
        XCTAssertEqual(try NIP46Response(json: auth.json).authURL, "https://auth.example/x")
        XCTAssertNil(NIP46Response.authChallenge("r1", url: "javascript:alert(1)").authURL)
    }

    func testEventRoundTripBothEncryptions() throws {
        let client = SecretKey.generate(), signer = SecretKey.generate()
        for encryption in [NIP46.Encryption.nip44, .nip04] {
            let e = try NIP46.event("{\"id\":\"1\"}", from: client, to: signer.publicKey, encryption: encryption, createdAt: 1_700_000_000)
            XCTAssertEqual(e.kind, NIP46.kind)
            XCTAssertEqual(e.tags, [["p", signer.publicKey.hex]])
            XCTAssertNoThrow(try e.verify())
            let (message, used) = try NIP46.open(e, with: signer)
            XCTAssertEqual(message, "{\"id\":\"1\"}")
            XCTAssertEqual(used, encryption)
            XCTAssertThrowsError(try NIP46.open(e, with: SecretKey.generate()))
        }
    }

    func testCorpusEventsAreNIP04AndVerify() throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip46/nip46.fixtures.json")) as? [String: Any])
        let rows = try XCTUnwrap(root["signed_24133_events"] as? [[String: Any]])
        for (i, row) in rows.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: try XCTUnwrap(row["event"]))
            let event = try Event(json: Array(data))
            XCTAssertNoThrow(try event.verify(), "event #\(i)")
            XCTAssertEqual(event.kind, NIP46.kind, "event #\(i)")
            XCTAssertEqual(NIP46.Encryption.of(event.content), .nip04, "event #\(i)")
        }
    }
}
