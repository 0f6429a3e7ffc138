import XCTest
import NostrCore

/// The base64 codec NIP-44 and NIP-04 payloads use (RFC 4648 §10 vectors plus strictness).
final class NIP44Base64Tests: XCTestCase {
    private let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    func testRFC4648Vectors() {
        for (plain, encoded) in rfc4648 {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, "encode \"\(plain)\"")
            XCTAssertEqual(Base64.decode(encoded), Array(plain.utf8), "decode \"\(encoded)\"")
        }
    }

    func testAllByteValuesAndLengthsRoundTrip() {
        let all = (0...255).map { UInt8($0) }
        for n in 0...all.count {
            let bytes = Array(all.prefix(n).reversed())
            XCTAssertEqual(Base64.decode(Base64.encode(bytes)), bytes, "length \(n)")
        }
        XCTAssertEqual(Base64.encode([0xfb, 0xff]), "+/8=")
    }

    func testStrictDecodingRejects() {
        let bad = [
            "Zg", "Zg=", "Zm9", "Z===", "====", "Zg==Zg==", "Zm=v", "Zm9v\n", " Zm9v", "Zm9-", "Zm9_",
            "Zh==", // non-zero bits dropped by padding (RFC 4648 §3.5)
            "Zm9=", "Atфu",
        ]
        for s in bad { XCTAssertNil(Base64.decode(s), "should reject \"\(s)\"") }
        XCTAssertEqual(Base64.decode(Substring("xZm9vx").dropFirst().dropLast()), Array("foo".utf8))
    }
}
