import NostrCore

/// Why a Nostr Wallet Connect call failed: the wallet's own NIP-47 error, or trouble reaching or understanding it.
public enum WalletConnectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The wallet service answered with a NIP-47 error (`code` is one of the spec's codes, or `.unknown`).
    case wallet(WalletError)
    /// No answer within the timeout; names the wallet's relays.
    case timeout(relays: [String], seconds: Double)
    /// None of the wallet's relays could be reached or took the request.
    case unreachable(relays: [String], reason: String)
    /// A response could not be decrypted or parsed.
    case invalidResponse(NIP47Error)
    /// The response answers another method than the one asked.
    case unexpectedResult(method: String, got: String)
    /// The request could not be built (encryption).
    case request(NIP47Error)

    /// The wallet's error code, when the wallet answered with one.
    public var walletErrorCode: WalletErrorCode? {
        if case let .wallet(e) = self { return e.code }
        return nil
    }

    public var description: String {
        switch self {
        case let .wallet(e): "\(e)"
        case let .timeout(relays, seconds):
            "the wallet did not answer within \(seconds) s on \(relays.joined(separator: ", ")); check that the wallet service is online"
        case let .unreachable(relays, reason): "cannot reach the wallet's relay \(relays.joined(separator: ", ")): \(reason)"
        case let .invalidResponse(e): "unusable wallet response: \(e)"
        case let .unexpectedResult(method, got): "asked \(method), the wallet answered \(got)"
        case let .request(e): "\(e)"
        }
    }
}
