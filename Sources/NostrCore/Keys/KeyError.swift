/// Why a key, signature or identifier could not be used.
public enum KeyError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLength(expected: Int, got: Int)
    case invalidHex
    case outOfRange
    case notOnCurve
    case signingFailed
    case ecdhFailed

    public var description: String {
        switch self {
        case let .invalidLength(expected, got): "expected \(expected) bytes, got \(got)"
        case .invalidHex: "not valid hexadecimal"
        case .outOfRange: "secret key is zero or not below the curve order"
        case .notOnCurve: "public key is not a point on secp256k1"
        case .signingFailed: "libsecp256k1 could not sign"
        case .ecdhFailed: "ECDH failed (invalid public key)"
        }
    }
}
