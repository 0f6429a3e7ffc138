import CSecp256k1
import CSodium

/// A secp256k1 secret key. Its bytes never appear in `description`, logs or errors.
public struct SecretKey: Sendable, Hashable, CustomStringConvertible {
    private let storage: SecretStorage

    /// A key from 32 raw bytes in range (0 < k < n).
    public init(bytes raw: some Collection<UInt8>) throws(KeyError) {
        let b = Array(raw)
        guard b.count == 32 else { throw .invalidLength(expected: 32, got: b.count) }
        let ok = b.withUnsafeBufferPointer { secp256k1_ec_seckey_verify(Secp256k1Context.verifying, $0.baseAddress!) }
        guard ok == 1 else { throw .outOfRange }
        storage = SecretStorage(b)
    }

    /// A key from 64 hex characters.
    public init(hex: String) throws(KeyError) {
        guard let b = Hex.decode(hex) else { throw .invalidHex }
        try self.init(bytes: b)
    }

    /// A fresh key from libsodium's randomness.
    public static func generate() -> SecretKey {
        while true {
            var b = SecureRandom.bytes(32)
            defer { ConstantTime.wipe(&b) }
            if let k = try? SecretKey(bytes: b) { return k }
        }
    }

    /// The raw 32 bytes. Handle with care.
    public var bytes: [UInt8] { storage.bytes }
    /// Lower-case hex of the secret. Handle with care.
    public var hex: String { Hex.encode(storage.bytes) }

    /// The x-only public key.
    public var publicKey: PublicKey { storage.publicKey }

    public var description: String { "SecretKey(<redacted>)" }

    public static func == (a: SecretKey, b: SecretKey) -> Bool { ConstantTime.equals(a.bytes, b.bytes) }
    public func hash(into h: inout Hasher) { h.combine(publicKey) }

    /// The libsecp256k1 keypair for signing.
    func withKeypair<R>(_ body: (UnsafePointer<secp256k1_keypair>) throws -> R) rethrows -> R {
        try storage.withKeypair(body)
    }
}

/// Holds the secret bytes and the keypair; wipes them when released.
/// @unchecked Sendable: immutable after init.
private final class SecretStorage: @unchecked Sendable {
    var bytes: [UInt8]
    var keypair: secp256k1_keypair
    let publicKey: PublicKey

    init(_ b: [UInt8]) {
        bytes = b
        let ctx = Secp256k1Context.shared.handle
        var kp = secp256k1_keypair()
        guard b.withUnsafeBufferPointer({ secp256k1_keypair_create(ctx, &kp, $0.baseAddress!) }) == 1 else {
            fatalError("secp256k1_keypair_create failed on a verified key")
        }
        var xonly = secp256k1_xonly_pubkey()
        var parity: Int32 = 0
        _ = secp256k1_keypair_xonly_pub(Secp256k1Context.verifying, &xonly, &parity, &kp)
        var out = [UInt8](repeating: 0, count: 32)
        _ = secp256k1_xonly_pubkey_serialize(Secp256k1Context.verifying, &out, &xonly)
        publicKey = PublicKey(unchecked: out)
        keypair = kp
        withUnsafeMutableBytes(of: &kp) { sodium_memzero($0.baseAddress, $0.count) }
    }

    func withKeypair<R>(_ body: (UnsafePointer<secp256k1_keypair>) throws -> R) rethrows -> R {
        try withUnsafePointer(to: &keypair) { try body($0) }
    }

    deinit {
        ConstantTime.wipe(&bytes)
        withUnsafeMutableBytes(of: &keypair) { sodium_memzero($0.baseAddress, $0.count) }
    }
}
