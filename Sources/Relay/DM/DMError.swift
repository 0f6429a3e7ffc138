import NostrCore

/// Why sending or fetching direct messages failed. Keys are named by hex; no message text or secret.
public enum DMError: Error, Sendable, CustomStringConvertible {
    /// These recipients publish no kind-10050 list (none in the index or on the relays asked) and no
    /// relays were given to send to instead.
    case noInboxRelays([PublicKey])
    /// There is nowhere to fetch from: no relays given and no kind-10050 list of our own is known.
    case noRelays
    /// The rumor's author is not the signer's key (the recipients would reject it as forged).
    case notTheAuthor(rumor: PublicKey, signer: PublicKey)
    /// The message has no recipient other than the sender.
    case noRecipients
    /// The signer refused or failed.
    case signer(SignerError)
    /// Sealing or wrapping failed.
    case wrap(NIP59Error)
    /// The local index failed.
    case store(StoreError)
    /// Not one relay could be reached; each relay's error is listed.
    case unreachable([RelayError])

    public var description: String {
        switch self {
        case let .noInboxRelays(keys):
            "no kind-10050 DM relay list found for \(keys.map(\.hex).joined(separator: ", ")) (looked in the index"
                + " and on the relays given); pass relays to send to, or ask them to publish one (dm relays set)"
        case .noRelays:
            "no relays to fetch from: pass relay URLs, or publish your kind-10050 list (nak-swift dm relays set RELAY…)"
        case let .notTheAuthor(rumor, signer):
            "the message's pubkey \(rumor.hex) is not the signer's key \(signer.hex)"
        case .noRecipients: "the message has no recipient (-p) other than the sender"
        case let .signer(e): "\(e)"
        case let .wrap(e): "\(e)"
        case let .store(e): "\(e)"
        case let .unreachable(errors): "no relay could be reached: " + errors.map(\.description).joined(separator: "; ")
        }
    }
}
