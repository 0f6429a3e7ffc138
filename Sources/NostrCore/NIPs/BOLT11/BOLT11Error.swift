/// Why a BOLT-11 invoice could not be decoded.
public enum BOLT11Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not valid Bech32.
    case bech32(Bech32Error)
    /// The human-readable part does not start with `ln` and a known currency prefix.
    case unknownPrefix(String)
    /// The amount is not digits followed by an optional m/u/n/p multiplier.
    case invalidAmount(String)
    /// A pico-bitcoin amount that is not a whole number of millisatoshis.
    case subMillisatoshiAmount(String)
    /// The amount does not fit in 64 bits of millisatoshis.
    case amountOverflow(String)
    /// Fewer words than a timestamp and a signature need.
    case tooShort
    /// A tagged field claims more data than the invoice holds.
    case truncatedField(type: UInt8)
    /// The `d` field is not UTF-8.
    case invalidDescription
    /// Neither or both of `d` and `h` are present (BOLT-11 requires exactly one).
    case descriptionAndHash(bothPresent: Bool)
    /// No valid `p` (payment hash) field.
    case missingPaymentHash
    /// No valid `s` (payment secret) field.
    case missingPaymentSecret
    /// The `9` field sets an even feature bit this decoder does not know (it's-ok-to-be-odd rule).
    case unknownRequiredFeature(Int)
    /// A `c`, `x` or `9` field with leading zero words, or an integer too large for 64 bits.
    case invalidIntegerField(type: UInt8)
    /// An `n` field is present and the signature's S is not in the lower half of the curve order.
    case highSSignature

    public var description: String {
        switch self {
        case let .bech32(why): "not a Lightning invoice: \(why)"
        case let .unknownPrefix(hrp): "unknown invoice prefix \"\(hrp)\" (expected lnbc, lntb, lntbs, lnbcrt or lnsb)"
        case let .invalidAmount(a): "invalid invoice amount \"\(a)\" (digits then optional m, u, n or p)"
        case let .subMillisatoshiAmount(a): "amount \"\(a)\" is not a whole number of millisatoshis (pico amounts must end in 0)"
        case let .amountOverflow(a): "amount \"\(a)\" is too large"
        case .tooShort: "invoice too short to hold a timestamp and a signature"
        case let .truncatedField(t): "tagged field \(t) runs past the end of the invoice"
        case .invalidDescription: "the invoice description is not valid UTF-8"
        case let .descriptionAndHash(both):
            both ? "invoice has both a description and a description hash" : "invoice has neither a description nor a description hash"
        case .missingPaymentHash: "invoice has no payment hash (p field)"
        case .missingPaymentSecret: "invoice has no payment secret (s field)"
        case let .unknownRequiredFeature(bit): "invoice requires unknown feature bit \(bit)"
        case let .invalidIntegerField(t): "tagged field \(t) is not a minimal integer"
        case .highSSignature: "invoice signature is not low-S although a payee key is given"
        }
    }
}
