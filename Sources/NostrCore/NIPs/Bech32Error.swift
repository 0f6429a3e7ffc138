/// Why a string is not valid bech32.
public enum Bech32Error: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(length: Int, limit: Int)
    case tooShort
    case invalidCharacter(position: Int)
    case mixedCase
    case missingSeparator
    case emptyHumanReadablePart
    case badChecksum
    case invalidPadding

    public var description: String {
        switch self {
        case let .tooLong(length, limit): "bech32 string is \(length) characters, over the limit of \(limit)"
        case .tooShort: "bech32 data part is shorter than its 6-character checksum"
        case let .invalidCharacter(position): "character \(position + 1) is not allowed in bech32"
        case .mixedCase: "bech32 string mixes upper and lower case"
        case .missingSeparator: "bech32 string has no '1' separator"
        case .emptyHumanReadablePart: "bech32 string has no prefix before the '1' separator"
        case .badChecksum: "bech32 checksum does not match (typo or truncated string?)"
        case .invalidPadding: "bech32 data has non-zero or excess padding bits"
        }
    }
}
