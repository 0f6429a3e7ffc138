import CSodium

/// Cryptographic randomness from libsodium.
public enum SecureRandom {
    private static let initialized: Bool = sodium_init() >= 0

    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(initialized, "libsodium failed to initialise")
        return [UInt8](unsafeUninitializedCapacity: count) { buf, n in
            if count > 0 { randombytes_buf(buf.baseAddress!, count) }
            n = count
        }
    }

    /// A uniform random integer in `0..<upperBound`.
    public static func uniform(_ upperBound: UInt32) -> UInt32 {
        precondition(initialized, "libsodium failed to initialise")
        return randombytes_uniform(upperBound)
    }

    /// Makes sure libsodium is initialised before any other libsodium call.
    public static func ensureInitialized() { precondition(initialized, "libsodium failed to initialise") }
}

/// Constant-time helpers for secrets and MACs.
public enum ConstantTime {
    /// Compares two byte strings without leaking where they differ.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        SecureRandom.ensureInitialized()
        return a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress, pb.baseAddress, a.count) == 0 } }
    }

    /// Compares `count` bytes at two addresses without leaking where they differ.
    public static func equals(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        SecureRandom.ensureInitialized()
        return sodium_memcmp(a, b, count) == 0
    }

    /// Overwrites a buffer with zeros in a way the optimiser keeps.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }
}
