extension NIP44 {
    /// The long-term key two users share: HKDF-extract of their ECDH x coordinate, salt "nip44-v2".
    public struct ConversationKey: Sendable, Equatable, CustomStringConvertible {
        /// The 32 key bytes. Handle with care.
        public let bytes: [UInt8]

        private static let salt: [UInt8] = Array("nip44-v2".utf8)

        /// The conversation key between `secret` and `publicKey`; the same from either side.
        public init(secret: SecretKey, publicKey: PublicKey) throws(NIP44Error) {
            var shared: [UInt8]
            do { shared = try ECDH.sharedX(secret, publicKey) } catch { throw .invalidKey(error) }
            defer { ConstantTime.wipe(&shared) }
            bytes = HKDF.extract(salt: Self.salt, ikm: shared)
        }

        /// The conversation key with a key parsed `forAgreement` (its signature may have been checked with it).
        public init(secret: SecretKey, publicKey: ParsedPublicKey) throws(NIP44Error) {
            var shared: [UInt8]
            do { shared = try ECDH.sharedX(secret, publicKey) } catch { throw .invalidKey(error) }
            defer { ConstantTime.wipe(&shared) }
            bytes = HKDF.extract(salt: Self.salt, ikm: shared)
        }

        /// A conversation key from its 32 bytes (cached or from test vectors).
        public init(bytes: [UInt8]) throws(NIP44Error) {
            guard bytes.count == 32 else { throw .invalidConversationKeyLength(bytes.count) }
            self.bytes = bytes
        }

        public var description: String { "ConversationKey(<redacted>)" }

        public static func == (a: ConversationKey, b: ConversationKey) -> Bool { ConstantTime.equals(a.bytes, b.bytes) }
    }
}
