/// A NIP-47 error code, as a wallet service returns it in `error.code`.
public enum WalletErrorCode: Sendable, Hashable, CustomStringConvertible {
    case rateLimited, notImplemented, insufficientBalance, quotaExceeded, restricted, unauthorized
    case `internal`, unsupportedEncryption, paymentFailed, notFound, other
    /// A code this library does not know (e.g. `BAD_REQUEST`, `EXPIRED` from some wallets), kept verbatim.
    case unknown(String)

    /// The wire form, e.g. `INSUFFICIENT_BALANCE`.
    public var rawValue: String {
        switch self {
        case .rateLimited: "RATE_LIMITED"
        case .notImplemented: "NOT_IMPLEMENTED"
        case .insufficientBalance: "INSUFFICIENT_BALANCE"
        case .quotaExceeded: "QUOTA_EXCEEDED"
        case .restricted: "RESTRICTED"
        case .unauthorized: "UNAUTHORIZED"
        case .internal: "INTERNAL"
        case .unsupportedEncryption: "UNSUPPORTED_ENCRYPTION"
        case .paymentFailed: "PAYMENT_FAILED"
        case .notFound: "NOT_FOUND"
        case .other: "OTHER"
        case let .unknown(code): code
        }
    }

    /// The code for a wire string; unknown strings become `.unknown`.
    public init(rawValue: String) {
        let known: [WalletErrorCode] = [.rateLimited, .notImplemented, .insufficientBalance, .quotaExceeded, .restricted,
                                        .unauthorized, .internal, .unsupportedEncryption, .paymentFailed, .notFound, .other]
        self = known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var description: String { rawValue }
}

/// The `error` object of a NIP-47 response: what the wallet service refused or failed to do.
public struct WalletError: Error, Sendable, Hashable, CustomStringConvertible {
    public let code: WalletErrorCode
    public let message: String

    public init(code: WalletErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "wallet error \(code): \(message)" }

    var json: JSONValue { .object(["code": .string(code.rawValue), "message": .string(message)]) }
}
