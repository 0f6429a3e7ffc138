import NostrCore

/// Why an LNURL-pay exchange or zap failed before any money moved.
public enum LNURLClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address, LNURL or service answer is not usable (see `LNURLError`).
    case lnurl(LNURLError)
    /// No HTTP response (DNS, TCP, TLS, timeout).
    case http(HTTPError)
    /// The service answered with an error status (and its `reason`, if it gave one).
    case status(url: String, status: Int, reason: String?)
    /// The recipient's profile has no `lud16` or `lud06`.
    case noLightningAddress(pubkey: String)
    /// The signer could not sign the zap request.
    case signer(SignerError)
    /// No valid zap receipt for the request arrived in time (the last invalid one's problem, if any).
    case noReceipt(relays: [String], seconds: Double, problem: String?)

    public var description: String {
        switch self {
        case let .lnurl(e): "\(e)"
        case let .http(e): "\(e)"
        case let .status(url, status, reason): "\(Self.strip(url)) answered HTTP \(status)\(reason.map { ": \($0)" } ?? "")"
        case let .noLightningAddress(pubkey): "the profile of \(pubkey) has no lud16 or lud06 lightning address"
        case let .signer(e): "could not sign the zap request: \(e)"
        case let .noReceipt(relays, seconds, problem):
            "no zap receipt within \(seconds) s on \(relays.joined(separator: ", "))" + (problem.map { " (a receipt was refused: \($0))" } ?? "")
        }
    }

    /// The URL without its query: a callback's query holds the whole zap request, too long for a message.
    static func strip(_ url: String) -> String {
        String(url.split(separator: "?", maxSplits: 1).first ?? "")
    }
}
