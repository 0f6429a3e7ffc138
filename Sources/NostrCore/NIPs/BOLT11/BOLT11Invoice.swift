/// BOLT-11 Lightning invoices, decoded without network access.
/// https://github.com/lightning/bolts/blob/master/11-payment-encoding.md
public struct BOLT11Invoice: Sendable, Hashable {
    /// The chain the invoice is payable on, from the human-readable prefix.
    public enum Network: String, Sendable, Hashable {
        case bitcoin = "bc", testnet = "tb", signet = "tbs", regtest = "bcrt", simnet = "sb"
    }

    /// One hop of a private route hint (`r` field).
    public struct RouteHop: Sendable, Hashable {
        /// 33-byte compressed node key at the start of the channel.
        public let pubkey: [UInt8]
        /// `block x tx x output` packed into 64 bits.
        public let shortChannelID: UInt64
        public let feeBaseMsat: UInt32
        public let feeProportionalMillionths: UInt32
        public let cltvExpiryDelta: UInt16
    }

    /// An on-chain fallback address (`f` field): witness version or 17 (P2PKH) / 18 (P2SH), and its program.
    public struct Fallback: Sendable, Hashable {
        public let version: UInt8
        public let program: [UInt8]
    }

    /// The invoice text as given (without a `lightning:` prefix).
    public let string: String
    public let network: Network
    /// The amount in millisatoshis, or nil for "any amount".
    public let amountMsat: UInt64?
    /// Seconds since 1970 when the invoice was created.
    public let timestamp: UInt64
    /// 32-byte payment hash (`p`); always present when decoded with `strict: true`.
    public let paymentHash: [UInt8]?
    /// 32-byte payment secret (`s`); always present when decoded with `strict: true`.
    public let paymentSecret: [UInt8]?
    /// The short description (`d`), if the invoice carries one.
    public let description: String?
    /// SHA-256 of the full description (`h`); NIP-57 puts the zap request's hash here.
    public let descriptionHash: [UInt8]?
    /// Seconds after `timestamp` the invoice stays payable (`x`, default 3600).
    public let expiry: UInt64
    /// `min_final_cltv_expiry_delta` (`c`, default 18).
    public let minFinalCLTVExpiry: UInt64
    /// 33-byte payee node key (`n`), when given explicitly.
    public let payee: [UInt8]?
    /// Payment metadata (`m`).
    public let metadata: [UInt8]?
    /// Set feature bits of the `9` field, ascending.
    public let features: [Int]
    /// Private route hints, one array per `r` field.
    public let routeHints: [[RouteHop]]
    /// On-chain fallbacks with a known version.
    public let fallbacks: [Fallback]
    /// The 64-byte compact signature (R || S).
    public let signature: [UInt8]
    /// The recovery id (0–3) that follows the signature.
    public let recoveryID: UInt8
    /// SHA-256 of the human-readable part and the data before the signature: what the payee signed.
    public let signedHash: [UInt8]

    /// When the invoice stops being payable.
    public var expiresAt: UInt64 { timestamp &+ expiry }

    /// Whether the invoice has expired at `now` (seconds since 1970).
    public func isExpired(now: UInt64) -> Bool { now >= expiresAt }

    /// The amount in whole satoshis, rounded down, or nil for "any amount".
    public var amountSat: UInt64? { amountMsat.map { $0 / 1000 } }
}
