import XCTest
@testable import NostrCore // SHA256Context

/// HMAC-SHA256 and HKDF on the per-thread digest context, against the RFCs' own vectors.
final class HMACTests: XCTestCase {
    private func hex(_ s: String) -> [UInt8] { Hex.decode(s) ?? [] }

    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the 64-byte block is hashed first), and empty input.
    func testRFC4231() {
        XCTAssertEqual(Hex.encode(HMACSHA256.authenticate(Array("Hi There".utf8), key: [UInt8](repeating: 0x0B, count: 20))),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        XCTAssertEqual(Hex.encode(HMACSHA256.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(Hex.encode(HMACSHA256.authenticate(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                                                          key: [UInt8](repeating: 0xAA, count: 131))),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        XCTAssertEqual(Hex.encode(HMACSHA256.authenticate([UInt8](), key: [UInt8]())),
                       "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    /// A MAC over several parts equals the MAC over their concatenation.
    func testPartsAreConcatenated() {
        let key = Array("k".utf8), a = Array("nip44".utf8), b = [UInt8](repeating: 7, count: 100), c: [UInt8] = [1]
        var out = [UInt8](repeating: 0, count: 32)
        key.withUnsafeBytes { k in
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    c.withUnsafeBytes { c in out.withUnsafeMutableBufferPointer { HMACSHA256.mac(key: k, a, b, c, into: $0.baseAddress!) } }
                }
            }
        }
        XCTAssertEqual(out, HMACSHA256.authenticate(a + b + c, key: key))
    }

    /// RFC 5869 test case 1.
    func testRFC5869() {
        let prk = HKDF.extract(salt: hex("000102030405060708090a0b0c"), ikm: [UInt8](repeating: 0x0B, count: 22))
        XCTAssertEqual(Hex.encode(prk), "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5")
        XCTAssertEqual(Hex.encode(HKDF.expand(prk: prk, info: hex("f0f1f2f3f4f5f6f7f8f9"), length: 42)),
                       "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    func testSHA256OverParts() {
        var out = [UInt8](repeating: 0, count: 32)
        let ok = Array("ab".utf8).withUnsafeBytes { a in
            Array("c".utf8).withUnsafeBytes { c in out.withUnsafeMutableBufferPointer { SHA256Context.hash(a, c, into: $0.baseAddress!) } }
        }
        XCTAssertTrue(ok)
        XCTAssertEqual(Hex.encode(out), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")  // SHA-256("abc")
    }
}
