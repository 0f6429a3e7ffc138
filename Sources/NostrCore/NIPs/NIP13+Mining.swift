import COpenSSL
import Dispatch
import Synchronization

extension NIP13 {
    /// The smallest nonce n (searched on `threads` threads) for which SHA-256(prefix ‖ decimal(n) ‖
    /// suffix) has at least `difficulty` leading zero bits. The event serialization around the nonce never
    /// changes, so each attempt hashes only the digits and the suffix on top of a hashed prefix.
    static func searchNonce(prefix: [UInt8], suffix: [UInt8], difficulty: Int, threads: Int) -> UInt64 {
        let workers = max(1, threads)
        // The smallest winning nonce so far; a thread stops once its candidates pass it, so the
        // answer is the smallest winner whatever the thread count (reproducible events).
        let best = Atomic<UInt64>(.max)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let hasher = NonceHasher(prefix: prefix, suffix: suffix)
            var n = UInt64(worker)
            var digest = [UInt8](repeating: 0, count: 32)
            while n < best.load(ordering: .relaxed) {
                hasher.hash(nonce: n, into: &digest)
                if leadingZeroBits(digest) >= difficulty {
                    var current = best.load(ordering: .relaxed)
                    while n < current {
                        let (exchanged, original) = best.compareExchange(expected: current, desired: n, ordering: .relaxed)
                        if exchanged { break }
                        current = original
                    }
                    return
                }
                n += UInt64(workers)
            }
        }
        return best.load(ordering: .relaxed)
    }
}

/// One thread's SHA-256 state: the hashed prefix, copied for each attempt.
/// Not Sendable: each mining thread creates and uses its own.
final class NonceHasher {
    private let base: OpaquePointer
    private let work: OpaquePointer
    /// A private copy, so threads do not contend on one array's reference count.
    private let suffix: [UInt8]
    private var digits = [UInt8](repeating: 0, count: 20)

    init(prefix: [UInt8], suffix: [UInt8]) {
        self.suffix = suffix.withUnsafeBufferPointer { Array($0) }
        guard let b = EVP_MD_CTX_new(), let w = EVP_MD_CTX_new() else { fatalError("OpenSSL: EVP_MD_CTX_new failed") }
        base = b
        work = w
        guard EVP_DigestInit_ex(base, EVP_sha256(), nil) == 1, EVP_DigestUpdate(base, prefix, prefix.count) == 1 else {
            fatalError("OpenSSL: SHA-256 init failed")
        }
    }

    func hash(nonce: UInt64, into digest: inout [UInt8]) {
        var v = nonce
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = 0x30 + UInt8(v % 10)
            v /= 10
        } while v > 0
        var len: UInt32 = 32
        let ok = EVP_MD_CTX_copy_ex(work, base) == 1
            && digits.withUnsafeBufferPointer { EVP_DigestUpdate(work, $0.baseAddress! + start, $0.count - start) } == 1
            && EVP_DigestUpdate(work, suffix, suffix.count) == 1
            && EVP_DigestFinal_ex(work, &digest, &len) == 1
        precondition(ok, "OpenSSL: SHA-256 failed")
    }

    deinit {
        EVP_MD_CTX_free(base)
        EVP_MD_CTX_free(work)
    }
}
