import XCTest

/// `key encrypt|decrypt` (NIP-49) and `key mnemonic` (NIP-06), on the spec examples.
final class KeyExtraTests: XCTestCase {
    static let specNcryptsec = "ncryptsec1qgg9947rlpvqu76pj5ecreduf9jxhselq2nae2kghhvd5g7dgjtcxfqtd67p9m0w57lspw8gsq6yphnm8623nsl8xn9j4jdzz84zm3frztj3z7s35vpzmqf6ksu8r89qk5z2zxfmu5gv8th8wclt0h4p"
    static let specKey = "3501454135014541350145413501453fefb02227e449e57cf4d3a3ce05378683"

    func testDecryptTheSpecExample() throws {
        let r = try CLIHarness.run(["key", "decrypt", Self.specNcryptsec, "nostr"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [Self.specKey])
    }

    func testWrongPasswordExits1WithoutTheKey() throws {
        let r = try CLIHarness.run(["key", "decrypt", Self.specNcryptsec, "wrong"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
    }

    func testEncryptDecryptRoundTripAndUseAsSec() throws {
        let enc = try CLIHarness.run(["key", "encrypt", KeyCommandTests.one, "pw", "--logn", "10"])
        XCTAssertEqual(enc.status, 0, enc.stderr)
        let ncryptsec = enc.lines[0]
        XCTAssertTrue(ncryptsec.hasPrefix("ncryptsec1"))
        XCTAssertEqual(try CLIHarness.run(["key", "decrypt", ncryptsec, "pw"]).lines, [KeyCommandTests.one])
        let pub = try CLIHarness.run(["encrypt", "-p", KeyCommandTests.twoPub, "x"], env: ["NOSTR_SECRET_KEY": ncryptsec, "NOSTR_PASSWORD": "pw"])
        XCTAssertEqual(pub.status, 0, pub.stderr)
        let noPassword = try CLIHarness.run(["encrypt", "-p", KeyCommandTests.twoPub, "x"], env: ["NOSTR_SECRET_KEY": ncryptsec])
        XCTAssertEqual(noPassword.status, 1)
        XCTAssertTrue(noPassword.stderr.contains("NOSTR_PASSWORD"), noPassword.stderr)
    }

    func testMnemonicSpecVectors() throws {
        let r = try CLIHarness.run(["key", "mnemonic", "leader monkey parrot ring guide accident before fence cannon height naive bean"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["7f7ff03d123792d6ac594bfa67bf6d0c0ab55b6b1fdb6249303fe861f1ccba9a"])
        let words = "what bleak badge arrange retreat wolf trade produce cricket blur garlic valid proud rude strong choose busy staff weather area salt hollow arm fade"
        XCTAssertEqual(try CLIHarness.run(["key", "mnemonic", words]).lines, ["c15d739894c81a2fcfd3a2df85a0d2c0dbc47a280d092799f144d73d7ae78add"])
    }

    func testNewMnemonicDerives() throws {
        let m = try CLIHarness.run(["key", "mnemonic", "--new", "--words", "24"])
        XCTAssertEqual(m.lines.first?.split(separator: " ").count, 24)
        XCTAssertEqual(try CLIHarness.run(["key", "mnemonic", m.lines[0], "--account", "1"]).status, 0)
    }

    func testBadMnemonicExits1() throws {
        XCTAssertEqual(try CLIHarness.run(["key", "mnemonic", "not a real mnemonic at all"]).status, 1)
    }
}
