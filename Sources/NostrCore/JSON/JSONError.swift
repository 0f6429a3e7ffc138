/// Why bytes are not the JSON that was expected, and where (a byte offset into the input).
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset at which the problem was found.
    public let position: Int
    /// What is wrong there.
    public let reason: Reason

    /// What went wrong while reading JSON.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The input ended in the middle of a value.
        case unexpectedEnd
        /// A byte that cannot start or continue the value here.
        case unexpectedByte(UInt8)
        /// A backslash escape that JSON does not define.
        case invalidEscape
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape
        /// A `\uD800`–`\uDFFF` escape that is not half of a surrogate pair (rejected, never replaced).
        case loneSurrogate
        /// A raw control character (below 0x20) inside a string; JSON requires it escaped.
        case controlCharacterInString
        /// String bytes that are not valid UTF-8.
        case invalidUTF8
        /// A number that is not written as RFC 8259 allows.
        case invalidNumber
        /// The same key twice in one object.
        case duplicateKey(String)
        /// Something other than whitespace after the value.
        case trailingData
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)

        public var description: String {
            switch self {
            case .unexpectedEnd: "input ended in the middle of a value"
            case let .unexpectedByte(b): "unexpected \(Self.show(b))"
            case .invalidEscape: "invalid backslash escape"
            case .invalidUnicodeEscape: "\\u must be followed by 4 hex digits"
            case .loneSurrogate: "\\u escape is half of a UTF-16 surrogate pair without its other half"
            case .controlCharacterInString: "control character inside a string must be escaped"
            case .invalidUTF8: "string is not valid UTF-8"
            case .invalidNumber: "malformed number"
            case let .duplicateKey(k): "key \"\(k)\" appears twice in one object"
            case .trailingData: "unexpected data after the JSON value"
            case let .tooDeep(limit): "nested deeper than \(limit) levels"
            }
        }

        private static func show(_ b: UInt8) -> String {
            (0x21..<0x7f).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        }
    }

    /// An error at `position` for `reason`.
    public init(position: Int, reason: Reason) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "invalid JSON at byte \(position): \(reason)" }
}
