import CSecp256k1

/// A BIP-340 x-only public key (32 bytes).
///
/// Keys read from events are only length-checked (`init(unchecked:)`); whether the bytes are a
/// curve point is settled when a signature is verified, so parsing stays off the hot path.
public struct PublicKey: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The 32 bytes of the x coordinate.
    public let bytes: [UInt8]

    /// A key from 32 bytes that must be the x coordinate of a curve point.
    public init(bytes raw: some Collection<UInt8>) throws(KeyError) {
        let b = Array(raw)
        guard b.count == 32 else { throw .invalidLength(expected: 32, got: b.count) }
        self.bytes = b
        _ = try parsed()
    }

    /// A key from 64 hex characters that must be a curve point.
    public init(hex: some StringProtocol) throws(KeyError) {
        guard hex.utf8.count == 64, let b = Hex.decode(hex) else { throw .invalidHex }
        try self.init(bytes: b)
    }

    /// A key whose 32 bytes are not checked to be on the curve (event parsing, where the signature check settles it).
    public init(unchecked bytes: [UInt8]) {
        precondition(bytes.count == 32, "PublicKey(unchecked:) needs 32 bytes")
        self.bytes = bytes
    }

    /// The libsecp256k1 form, for verification and ECDH.
    func parsed() throws(KeyError) -> secp256k1_xonly_pubkey {
        var xonly = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(Secp256k1Context.verifying, &xonly, bytes) == 1 else { throw .notOnCurve }
        return xonly
    }

    /// Lower-case hex.
    public var hex: String { Hex.encode(bytes) }
    public var description: String { hex }

    public static func < (a: PublicKey, b: PublicKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    /// Hashes the 32 bytes in one call (the synthesised form fed the hasher a byte at a time).
    public func hash(into h: inout Hasher) { bytes.withUnsafeBytes { h.combine(bytes: $0) } }
}

/// A public key parsed once into libsecp256k1's form, for verifying many signatures by one author
/// and, when parsed `forAgreement`, for ECDH too.
public struct ParsedPublicKey: Sendable {
    /// The key it was parsed from.
    public let key: PublicKey
    let xonly: secp256k1_xonly_pubkey
    /// The even-y point as ECDH takes it; set when parsed `forAgreement`.
    let point: secp256k1_pubkey?

    /// Parses `key`; throws when it is not a curve point.
    public init(_ key: PublicKey) throws(KeyError) {
        self.key = key
        xonly = try key.parsed()
        point = nil
    }

    /// Parses `key` for both signature checks and ECDH at the cost of one square root: the point is
    /// lifted once (even y, BIP-340) and the x-only form taken from it, where parsing each form would
    /// lift it twice. For a one-time key (a gift wrap's) that is verified and then agreed with.
    public init(forAgreement key: PublicKey) throws(KeyError) {
        var full = secp256k1_pubkey()
        var xonly = secp256k1_xonly_pubkey()
        let compressed = [0x02] + key.bytes
        guard secp256k1_ec_pubkey_parse(Secp256k1Context.verifying, &full, compressed, 33) == 1,
              secp256k1_xonly_pubkey_from_pubkey(Secp256k1Context.verifying, &xonly, nil, &full) == 1 else {
            throw .notOnCurve
        }
        self.key = key
        self.xonly = xonly
        point = full
    }
}
