import Glibc

/// Keeps secret keys out of core dumps and away from other processes of the same user: the CLI
/// holds decrypted keys in memory, and a crash must not write them to disk.
enum ProcessHardening {
    /// `prctl(PR_SET_DUMPABLE, 0)` (no core file, no ptrace or /proc/PID/mem by same-uid processes)
    /// and `RLIMIT_CORE` 0 (a second guard if a later exec makes the process dumpable again).
    /// Failures are ignored: hardening is best effort and must never stop a command.
    static func apply() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        setNotDumpable()
    }

    /// `prctl` is variadic, which Swift cannot call; its glibc symbol takes plain integer arguments
    /// on every ABI we build for, so it is called through a fixed-arity pointer.
    /// `PR_SET_DUMPABLE` from <linux/prctl.h> (a stable kernel ABI number); Glibc's module map does
    /// not export <sys/prctl.h>.
    private static let prSetDumpable: Int32 = 4

    private static func setNotDumpable() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        _ = prctl(prSetDumpable, 0, 0, 0, 0)
    }
}
