import Glibc

/// A failed system call: which call, and the errno it left.
public struct IOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the call that failed, e.g. "connect".
    public let call: String
    /// The errno value.
    public let errno: Int32

    /// An error for `call` with `errno`.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
}
