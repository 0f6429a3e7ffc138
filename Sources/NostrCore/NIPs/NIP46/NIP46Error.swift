/// Why a NIP-46 URI, message or event could not be used. Never carries a secret or key material.
public enum NIP46Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `bunker://` or `nostrconnect://` URI is malformed (reason given, secret never included).
    case invalidURI(String)
    /// The decrypted content is not the JSON-RPC object NIP-46 describes (reason given).
    case invalidMessage(String)
    /// The event is not kind 24133.
    case wrongKind(Int)
    /// Encrypting or decrypting the content failed.
    case encryption(String)
    /// A permission string item is malformed (`sign_event:abc`).
    case invalidPermission(String)

    public var description: String {
        switch self {
        case let .invalidURI(why): "invalid NIP-46 connection URI: \(why)"
        case let .invalidMessage(why): "NIP-46 message is not valid: \(why)"
        case let .wrongKind(kind): "expected a kind 24133 event, got kind \(kind)"
        case let .encryption(why): "NIP-46 encryption failed: \(why)"
        case let .invalidPermission(item): "invalid NIP-46 permission \"\(item)\": use METHOD or sign_event:KIND"
        }
    }
}
