import XCTest
import NostrCore
import TestSupport

final class SchnorrTests: XCTestCase {
    func testBIP340Vectors() throws {
        let rows = String(decoding: try Corpus.data("bip340/test-vectors.csv"), as: UTF8.self)
            .split(whereSeparator: \.isNewline).dropFirst()
        XCTAssertEqual(rows.count, 19)
        for row in rows {
            let f = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let index = f[0], sk = f[1], pk = f[2], aux = f[3], msg = f[4], sig = f[5], valid = f[6] == "TRUE"
            let message = Hex.decode(msg)!
            let signature = Hex.decode(sig)!
            let ok = (try? PublicKey(hex: pk)).map { Schnorr.isValid(signature, message: message, publicKey: $0) } ?? false
            XCTAssertEqual(ok, valid, "BIP-340 #\(index)")
            if !sk.isEmpty, message.count == 32 {
                let key = try SecretKey(hex: sk)
                XCTAssertEqual(key.publicKey.hex, pk.lowercased(), "BIP-340 #\(index) pubkey")
                let produced = try Schnorr.sign(message, with: key, auxRand: Hex.decode(aux)!)
                XCTAssertEqual(Hex.encode(produced), sig.lowercased(), "BIP-340 #\(index) signature")
            }
        }
    }

    func testSecretKeyIsRedacted() {
        let k = SecretKey.generate()
        XCTAssertFalse("\(k)".contains(k.hex))
    }
}
