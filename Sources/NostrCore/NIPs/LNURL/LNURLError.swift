/// Why an LNURL, lightning address or LNURL-pay response could not be used.
public enum LNURLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not Bech32, or a Bech32 string whose prefix is not `lnurl`.
    case invalidLNURL(String)
    /// Not `name@domain` with a valid name and domain.
    case invalidLightningAddress(String)
    /// The response is not JSON or misses a required field (named).
    case invalidResponse(String)
    /// The response has `tag` other than `payRequest`.
    case notPayRequest(tag: String)
    /// The service answered `{"status":"ERROR","reason":…}`.
    case serviceError(reason: String)
    /// The amount is outside `minSendable...maxSendable` (millisats).
    case amountOutOfRange(amountMsat: UInt64, min: UInt64, max: UInt64)
    /// The invoice does not match what was asked for (why).
    case invoiceMismatch(String)
    /// The service does not accept zaps (`allowsNostr` is not true or `nostrPubkey` is missing).
    case zapsNotSupported

    public var description: String {
        switch self {
        case let .invalidLNURL(why): "not an LNURL: \(why)"
        case let .invalidLightningAddress(s): "\"\(s)\" is not a lightning address (name@domain)"
        case let .invalidResponse(why): "LNURL service response is not usable: \(why)"
        case let .notPayRequest(tag): "LNURL service is a \"\(tag)\", not a payRequest"
        case let .serviceError(reason): "LNURL service error: \(reason)"
        case let .amountOutOfRange(a, min, max): "amount \(a) msat is outside \(min)...\(max) msat accepted by the service"
        case let .invoiceMismatch(why): "the service's invoice does not match the request: \(why)"
        case .zapsNotSupported: "the recipient's LNURL service does not support zaps (no allowsNostr/nostrPubkey)"
        }
    }
}
