import Foundation
import XCTest
import NostrCore
import TestSupport

final class NIP19Tests: XCTestCase {
    struct Row: Decodable {
        let input: String?
        let type: String
        let hex: String?
        let pubkey: String?
        let id: String?
        let author: String?
        let identifier: String?
        let kind: Int?
        let relays: [String]?
        let encode_from_hex_roundtrips: Bool?
    }
    struct Invalid: Decodable { let input: String; let reason: String }
    struct EncodeRow: Decodable {
        struct Fields: Decodable {
            let pubkey: String?, id: String?, author: String?, identifier: String?, kind: Int?, relays: [String]?
        }
        let type: String
        let fields: Fields
        let expected: String
    }
    struct Vectors: Decodable {
        let valid: [Row]
        let invalid: [Invalid]
        let implementation_defined: [Row]
        let encode_tlv: [EncodeRow]
    }

    func vectors() throws -> Vectors {
        try JSONDecoder().decode(Vectors.self, from: Corpus.data("nip19/nip19.vectors.json"))
    }

    /// The entity a vector row describes.
    func expected(_ r: Row) throws -> NIP19Entity {
        switch r.type {
        case "npub": return .npub(try PublicKey(hex: r.hex ?? ""))
        case "nsec": return .nsec(try SecretKey(hex: r.hex ?? ""))
        case "note": return .note(try EventID(hex: r.hex ?? ""))
        case "nprofile": return .nprofile(pubkey: try PublicKey(hex: r.pubkey ?? ""), relays: r.relays ?? [])
        case "nevent":
            return .nevent(id: try EventID(hex: r.id ?? ""), relays: r.relays ?? [],
                           author: try r.author.map { hex throws(KeyError) in try PublicKey(hex: hex) }, kind: r.kind.map { Kind($0) })
        case "naddr":
            return .naddr(identifier: r.identifier ?? "", pubkey: try PublicKey(hex: r.pubkey ?? ""),
                          kind: Kind(r.kind ?? -1), relays: r.relays ?? [])
        default: throw XCTSkip("unknown type \(r.type)")
        }
    }

    func testValidVectorsDecodeAndReencode() throws {
        let v = try vectors()
        XCTAssertEqual(v.valid.count, 26)
        var reordered: [String] = []
        for r in v.valid {
            let input = try XCTUnwrap(r.input)
            let name = "NIP-19 valid \(r.type) \(input.prefix(24))…"
            do {
                let entity = try NIP19.decode(input)
                XCTAssertEqual(entity, try expected(r), name)
                XCTAssertEqual(entity.prefix, r.type, name)
                let reencoded = try NIP19.checkedEncode(entity)
                XCTAssertEqual(NIP19.encode(entity), reencoded, name)
                if r.encode_from_hex_roundtrips == true || ["npub", "nsec", "note"].contains(r.type) {
                    XCTAssertEqual(reencoded, input, "\(name) re-encode")
                } else if reencoded != input {
                    // Some encoders write TLVs in another order (nostr-tools: special, author, kind,
                    // relays); ours is NIP-19's special, relays…, author, kind, so only the entity must match.
                    XCTAssertEqual(try NIP19.decode(reencoded), entity, "\(name) re-encode decodes to the same entity")
                    reordered.append(input)
                }
                XCTAssertEqual(try NIP19.decode("nostr:" + input), entity, "\(name) with nostr: prefix")
            } catch {
                XCTFail("\(name): \(error)")
            }
        }
        // Only nostr-tools' "banana" naddr uses a non-NIP-19 TLV order; every other TLV string is byte-exact.
        XCTAssertEqual(reordered.count, 1, "\(reordered)")
    }

    func testInvalidVectorsAreRejected() throws {
        let v = try vectors()
        XCTAssertEqual(v.invalid.count, 7)
        for r in v.invalid {
            XCTAssertThrowsError(try NIP19.decode(r.input), "NIP-19 invalid (\(r.reason)) \(r.input.prefix(24))…") { error in
                XCTAssertNotNil(error as? NIP19Error)
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }

    /// A 64-byte author hint in an nevent is dropped, the rest of the link kept (rust-nostr's choice;
    /// the author is optional, so a malformed one should not make the event unreachable).
    func testImplementationDefinedMalformedAuthorIsDropped() throws {
        let v = try vectors()
        XCTAssertEqual(v.implementation_defined.count, 2)
        for r in v.implementation_defined {
            let input = try XCTUnwrap(r.input)
            let entity = try NIP19.decode(input)
            XCTAssertEqual(entity, .nevent(id: try EventID(hex: r.id ?? ""), relays: r.relays ?? [], author: nil, kind: nil),
                           "NIP-19 implementation-defined \(input.prefix(24))…")
        }
    }

    func testExactTLVEncodings() throws {
        let v = try vectors()
        XCTAssertEqual(v.encode_tlv.count, 4)
        for r in v.encode_tlv {
            let f = r.fields
            let entity: NIP19Entity
            switch r.type {
            case "nprofile": entity = .nprofile(pubkey: try PublicKey(hex: f.pubkey ?? ""), relays: f.relays ?? [])
            case "nevent":
                entity = .nevent(id: try EventID(hex: f.id ?? ""), relays: f.relays ?? [],
                                 author: try f.author.map { hex throws(KeyError) in try PublicKey(hex: hex) }, kind: f.kind.map { Kind($0) })
            case "naddr":
                entity = .naddr(identifier: f.identifier ?? "", pubkey: try PublicKey(hex: f.pubkey ?? ""),
                                kind: Kind(f.kind ?? -1), relays: f.relays ?? [])
            default: XCTFail("unknown type \(r.type)"); continue
            }
            XCTAssertEqual(NIP19.encode(entity), r.expected, "NIP-19 encode \(r.type) \(r.expected.prefix(24))…")
        }
    }

    func testKeyAndIDShortcuts() throws {
        let pk = try PublicKey(hex: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        XCTAssertEqual(pk.npub, "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")
        let sk = try SecretKey(hex: "67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa")
        XCTAssertEqual(sk.nsec, "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5")
        let id = try EventID(hex: "d94a3f4dd87b9a3b0bed183b32e916fa29c8020107845d1752d72697fe5309a5")
        XCTAssertEqual(id.note, "note1m99r7nwc0wdrkzldrqan96gklg5usqspq7z9696j6unf0ljnpxjspqfw99")
    }

    func testTypedErrors() throws {
        func error(_ s: String) -> NIP19Error? {
            do { _ = try NIP19.decode(s); return nil } catch { return error }
        }
        XCTAssertEqual(error("npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w4"), .invalidBech32(.badChecksum))
        XCTAssertEqual(error(Bech32.encode(hrp: "nfoo", data: [1, 2])), .unknownPrefix("nfoo"))
        XCTAssertEqual(error(Bech32.encode(hrp: "npub", data: [1, 2])), .wrongLength(field: "npub public key", expected: 32, got: 2))
        XCTAssertEqual(error(Bech32.encode(hrp: "nsec", data: [UInt8](repeating: 0, count: 32))), .invalidSecretKey)
        // nprofile with only a relay: no special entry.
        XCTAssertEqual(error(Bech32.encode(hrp: "nprofile", data: [1, 1, 0x61])), .missingTLV(prefix: "nprofile", field: "special"))
        // A TLV claiming 32 bytes with only 2 present.
        XCTAssertEqual(error(Bech32.encode(hrp: "nevent", data: [0, 32, 1, 2])), .truncatedTLV(prefix: "nevent"))
        let pk = try PublicKey(hex: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        // naddr without kind.
        let noKind = Bech32.encode(hrp: "naddr", data: [0, 1, 0x78, 2, 32] + pk.bytes)
        XCTAssertEqual(error(noKind), .missingTLV(prefix: "naddr", field: "kind"))
        // A point not on the curve (x = 5 has no y on secp256k1).
        let offCurve = [UInt8](repeating: 0, count: 31) + [5]
        XCTAssertEqual(error(Bech32.encode(hrp: "npub", data: offCurve)), .invalidPublicKey)
    }

    func testUnknownTLVTypesAreIgnored() throws {
        let pk = try PublicKey(hex: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        let data: [UInt8] = [9, 3, 1, 2, 3] + [0, 32] + pk.bytes + [200, 0]
        XCTAssertEqual(try NIP19.decode(Bech32.encode(hrp: "nprofile", data: data)), .nprofile(pubkey: pk, relays: []))
    }

    func testNeventKindRoundTrips() throws {
        let e = NIP19Entity.nevent(id: try EventID(hex: String(repeating: "ab", count: 32)), relays: ["wss://a.example"],
                                   author: nil, kind: Kind(30023))
        XCTAssertEqual(try NIP19.decode(NIP19.encode(e)), e)
    }

    func testOverlongValues() throws {
        let pk = try PublicKey(hex: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        let longRelay = "wss://" + String(repeating: "a", count: 260)
        let e = NIP19Entity.nprofile(pubkey: pk, relays: [longRelay, "wss://ok.example"])
        XCTAssertThrowsError(try NIP19.checkedEncode(e)) { XCTAssertEqual($0 as? NIP19Error, .valueTooLong(field: "relay", bytes: 266)) }
        XCTAssertEqual(try NIP19.decode(NIP19.encode(e)), .nprofile(pubkey: pk, relays: ["wss://ok.example"]))
    }

    func testNIP21() throws {
        let pk = try PublicKey(hex: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        XCTAssertEqual(try NIP21.uri(.npub(pk)), "nostr:" + pk.npub)
        XCTAssertEqual(try NIP21.parse("nostr:" + pk.npub), .npub(pk))
        XCTAssertEqual(try NIP21.parse("NOSTR:" + pk.npub), .npub(pk))
        let sk = SecretKey.generate()
        XCTAssertThrowsError(try NIP21.uri(.nsec(sk))) { XCTAssertEqual($0 as? NIP19Error, .secretKeyInURI) }
        XCTAssertThrowsError(try NIP21.parse("nostr:" + sk.nsec)) { error in
            XCTAssertEqual(error as? NIP19Error, .secretKeyInURI)
            XCTAssertFalse("\(error)".contains(sk.nsec))
        }
        XCTAssertThrowsError(try NIP21.parse(pk.npub)) { XCTAssertEqual($0 as? NIP19Error, .notNostrURI) }
    }
}
