extension NIP17 {
    /// What a kind-15 file message says about an encrypted file (NIP-17 "File Message").
    public struct EncryptedFile: Sendable, Hashable {
        /// Where the encrypted file is (the message content).
        public var url: String
        /// MIME type before encryption (`file-type`).
        public var mimeType: String
        /// `encryption-algorithm`; NIP-17 names only `aes-gcm`.
        public var algorithm: String
        /// `decryption-key` as the sender encoded it.
        public var decryptionKey: String
        /// `decryption-nonce` as the sender encoded it.
        public var decryptionNonce: String
        /// `x`: hex SHA-256 of the encrypted file.
        public var sha256: String
        /// `ox`: hex SHA-256 of the file before encryption.
        public var originalSHA256: String?
        /// `size`: bytes of the encrypted file.
        public var size: Int?
        /// `dim`: pixel width and height.
        public var dimensions: Dimensions?
        /// `blurhash` placeholder.
        public var blurhash: String?
        /// `thumbhash` placeholder.
        public var thumbhash: String?
        /// `thumb`: URL of a thumbnail encrypted with the same key and nonce.
        public var thumb: String?
        /// `fallback`: other URLs of the same encrypted file.
        public var fallbacks: [String]

        /// A file description; the optional fields can be set afterwards.
        public init(url: String, mimeType: String, algorithm: String = "aes-gcm", decryptionKey: String,
                    decryptionNonce: String, sha256: String, originalSHA256: String? = nil, size: Int? = nil,
                    dimensions: Dimensions? = nil, blurhash: String? = nil, thumbhash: String? = nil,
                    thumb: String? = nil, fallbacks: [String] = []) {
            self.url = url
            self.mimeType = mimeType
            self.algorithm = algorithm
            self.decryptionKey = decryptionKey
            self.decryptionNonce = decryptionNonce
            self.sha256 = sha256
            self.originalSHA256 = originalSHA256
            self.size = size
            self.dimensions = dimensions
            self.blurhash = blurhash
            self.thumbhash = thumbhash
            self.thumb = thumb
            self.fallbacks = fallbacks
        }

        /// The kind-15 tags describing this file, in the order NIP-17 lists them.
        public var tags: [Tag] {
            var t: [Tag] = [
                ["file-type", mimeType], ["encryption-algorithm", algorithm],
                ["decryption-key", decryptionKey], ["decryption-nonce", decryptionNonce], ["x", sha256],
            ]
            if let originalSHA256 { t.append(["ox", originalSHA256]) }
            if let size { t.append(["size", String(size)]) }
            if let dimensions { t.append(["dim", "\(dimensions.width)x\(dimensions.height)"]) }
            if let thumbhash { t.append(["thumbhash", thumbhash]) }
            if let blurhash { t.append(["blurhash", blurhash]) }
            if let thumb { t.append(["thumb", thumb]) }
            t += fallbacks.map { ["fallback", $0] }
            return t
        }
    }

    /// Width and height in pixels (`dim` tag, `<width>x<height>`).
    public struct Dimensions: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
    }
}
