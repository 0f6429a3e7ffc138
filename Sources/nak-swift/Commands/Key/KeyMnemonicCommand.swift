import NostrCore
import Signer // UnicodeNormalizer.foundation

/// `key mnemonic`: the NIP-06 key of a BIP-39 mnemonic (or a new mnemonic).
struct KeyMnemonicCommand: Command {
    static let name = "mnemonic"
    static let abstract = "Derive the NIP-06 secret key of a BIP-39 mnemonic, or make a new mnemonic with --new."
    static let usage = """
        usage: nak-swift key mnemonic "WORDS…" [--passphrase P] [--account N] [--nsec]
               nak-swift key mnemonic --new [--words 12|15|18|21|24]

          --passphrase P   BIP-39 passphrase (default empty)
          --account N      account in m/44'/1237'/N'/0/0 (default 0)
          --nsec           print nsec instead of hex
          --new            print a fresh mnemonic instead

        example:
          nak-swift key mnemonic "leader monkey parrot ring guide accident before fence cannon height naive bean"
        """

    let words: String?
    let passphrase: String
    let account: UInt32
    let nsec: Bool
    let newCount: Int?

    init(_ args: inout Arguments) throws(UsageError) {
        passphrase = try args.option("--passphrase") ?? ""
        account = try args.option("--account", as: UInt32.self) ?? 0
        nsec = try args.flag("--nsec")
        let new = try args.flag("--new")
        let count = try args.option("--words", as: Int.self)
        if let count, !NIP06.validWordCounts.contains(count) {
            throw .invalidValue(flag: "--words", value: String(count), expected: "12, 15, 18, 21 or 24")
        }
        newCount = new ? (count ?? 12) : nil
        let rest = args.remainingPositionals()
        try args.expectEnd()
        if new {
            guard rest.isEmpty else { throw .conflict("--new takes no words") }
            words = nil
        } else {
            guard !rest.isEmpty else { throw .missingArgument("\"WORDS\"") }
            // Accept the words quoted as one argument or unquoted as many.
            words = rest.joined(separator: " ")
        }
    }

    func run(_ io: IO) async throws -> ExitCode {
        if let newCount {
            io.print(NIP06.generateMnemonic(wordCount: newCount))
            return .ok
        }
        let key = try NIP06.secretKey(mnemonic: words ?? "", passphrase: passphrase, account: account, normalizer: .foundation)
        io.print(nsec ? key.nsec : key.hex)
        return .ok
    }
}
