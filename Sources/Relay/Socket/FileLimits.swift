import Glibc
import Synchronization

/// The per-process open-file limit: a relay with many clients needs more descriptors than the usual soft limit of 1024.
enum FileLimits {
    private static let raised = Atomic<Bool>(false)

    /// Raises the soft RLIMIT_NOFILE to the hard limit, once per process.
    static func raiseToHardLimit() {
        guard !raised.exchange(true, ordering: .relaxed) else { return }
        var rl = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &rl) == 0, rl.rlim_cur < rl.rlim_max else { return }
        rl.rlim_cur = rl.rlim_max
        _ = setrlimit(resource, &rl)
    }
}
