/// The Unicode compatibility normalisations key handling needs: NFKC for NIP-49 passwords, NFKD for
/// BIP-39 mnemonics and passphrases. NostrCore carries no Unicode tables (they come with Foundation,
/// whose load costs a binary linking only NostrCore ~6 MB and part of its cold start), so the caller
/// supplies them: `Signer` has `UnicodeNormalizer.foundation`; `.asciiOnly` needs no tables because
/// every normalisation form leaves ASCII text as it is.
public struct UnicodeNormalizer: Sendable {
    /// `text` in NFKC, or nil when this normaliser cannot normalise it.
    public let nfkc: @Sendable (String) -> String?
    /// `text` in NFKD, or nil when this normaliser cannot normalise it.
    public let nfkd: @Sendable (String) -> String?

    /// A normaliser from the two forms' functions.
    public init(nfkc: @escaping @Sendable (String) -> String?, nfkd: @escaping @Sendable (String) -> String?) {
        self.nfkc = nfkc
        self.nfkd = nfkd
    }

    /// Normalises ASCII text (unchanged) and refuses anything else.
    public static let asciiOnly = UnicodeNormalizer(nfkc: asciiOrNil, nfkd: asciiOrNil)

    private static func asciiOrNil(_ text: String) -> String? {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : nil
    }
}
