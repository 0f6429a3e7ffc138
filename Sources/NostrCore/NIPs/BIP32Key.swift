import CSecp256k1

/// A BIP-32 extended private key (private derivation only, as NIP-06 needs).
/// https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki
///
/// The chain code is secret too (with a child secret key and the xpub it reveals the parent), so
/// neither appears in `description`.
public struct BIP32Key: Sendable, CustomStringConvertible {
    /// The secret key at this node.
    public let secretKey: SecretKey
    /// The 32-byte chain code. Handle with care.
    public let chainCode: [UInt8]
    /// How many derivation steps from the master key.
    public let depth: UInt8
    /// The first 4 bytes of HASH160 of the parent's compressed public key (0 for the master key).
    public let parentFingerprint: [UInt8]
    /// This node's index in its parent (hardened indices have the high bit set).
    public let childNumber: UInt32

    /// Indices at or above this are hardened (written `i'`).
    public static let hardenedOffset: UInt32 = 0x8000_0000

    /// The master key of a BIP-39 seed ("Master key generation": HMAC-SHA512 keyed "Bitcoin seed").
    public init(seed: [UInt8]) throws(NIP06Error) {
        var i = HMACSHA512.authenticate(seed, key: Array("Bitcoin seed".utf8))
        defer { ConstantTime.wipe(&i) }
        guard let key = try? SecretKey(bytes: i[0..<32]) else { throw .derivationFailed }
        self.init(secretKey: key, chainCode: Array(i[32..<64]), depth: 0, parentFingerprint: [0, 0, 0, 0], childNumber: 0)
    }

    init(secretKey: SecretKey, chainCode: [UInt8], depth: UInt8, parentFingerprint: [UInt8], childNumber: UInt32) {
        self.secretKey = secretKey
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
    }

    /// The child at `index` (add `hardenedOffset` for a hardened child), BIP-32 CKDpriv.
    public func child(_ index: UInt32) throws(NIP06Error) -> BIP32Key {
        guard depth < 255 else { throw .derivationFailed }
        let publicKey = compressedPublicKey
        // Hardened children hash the private key (0x00 || k), others the compressed public key.
        var data = index >= Self.hardenedOffset ? [0] + secretKey.bytes : publicKey
        data += [UInt8(index >> 24), UInt8((index >> 16) & 0xff), UInt8((index >> 8) & 0xff), UInt8(index & 0xff)]
        var i = HMACSHA512.authenticate(data, key: chainCode)
        var k = secretKey.bytes
        defer { ConstantTime.wipe(&i); ConstantTime.wipe(&k); ConstantTime.wipe(&data) }
        // child = IL + k (mod n); libsecp256k1 refuses IL ≥ n and a zero result, which BIP-32 calls invalid.
        let ok = i.withUnsafeBufferPointer { il in
            secp256k1_ec_seckey_tweak_add(Secp256k1Context.verifying, &k, il.baseAddress!)
        }
        guard ok == 1, let key = try? SecretKey(bytes: k) else { throw .derivationFailed }
        return BIP32Key(secretKey: key, chainCode: Array(i[32..<64]), depth: depth + 1,
                        parentFingerprint: Array(BIP32Key.hash160(publicKey).prefix(4)), childNumber: index)
    }

    /// The node at a path such as `m/44'/1237'/0'/0/0` (`'` or `h` marks a hardened step).
    public func derive(path: String) throws(NIP06Error) -> BIP32Key {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "m" else { throw .invalidPath(path) }
        parts.removeFirst()
        var node = self
        for part in parts {
            var digits = Substring(part)
            var offset: UInt32 = 0
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                digits = digits.dropLast()
                offset = Self.hardenedOffset
            }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = UInt32(digits), n < Self.hardenedOffset else {
                throw .invalidPath(path)
            }
            node = try node.child(n + offset)
        }
        return node
    }

    /// The 33-byte SEC1 compressed public key.
    public var compressedPublicKey: [UInt8] {
        var pub = secp256k1_pubkey()
        let created = secretKey.bytes.withUnsafeBufferPointer {
            secp256k1_ec_pubkey_create(Secp256k1Context.shared.handle, &pub, $0.baseAddress!)
        }
        precondition(created == 1, "secp256k1_ec_pubkey_create failed on a valid key")
        var out = [UInt8](repeating: 0, count: 33)
        var len = 33
        _ = secp256k1_ec_pubkey_serialize(Secp256k1Context.verifying, &out, &len, &pub, UInt32(SECP256K1_EC_COMPRESSED))
        return out
    }

    public var description: String { "BIP32Key(depth: \(depth), child: \(childNumber), <redacted>)" }
}
