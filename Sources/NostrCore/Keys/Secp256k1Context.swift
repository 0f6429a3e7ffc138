import CSecp256k1

/// The one randomised libsecp256k1 signing context; verification uses the static context.
/// @unchecked Sendable: the context is only read after creation and randomisation, which
/// libsecp256k1 documents as safe from many threads.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()
    let handle: OpaquePointer

    private init() {
        guard let ctx = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            fatalError("libsecp256k1: context creation failed")
        }
        let seed = SecureRandom.bytes(32)
        _ = seed.withUnsafeBufferPointer { secp256k1_context_randomize(ctx, $0.baseAddress) }
        handle = ctx
    }

    /// The read-only static context, enough for verification and parsing.
    static var verifying: OpaquePointer { CSecp256k1_context_static() }
}
