#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Why the key store could not do what was asked. Messages name the file and the fix; never a key.
public enum KeyStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A name outside `[A-Za-z0-9._-]{1,64}` (or "." / "..").
    case invalidName(String)
    /// No entry of that name.
    case notFound(name: String)
    /// An entry of that name exists and overwriting was not asked for.
    case alreadyExists(name: String)
    /// The file is readable or writable by group or others; it is refused until fixed.
    case insecurePermissions(path: String, mode: UInt32)
    /// The password does not open the key (or the file was damaged).
    case wrongPassword(name: String)
    /// The file's contents are not what the store writes.
    case corrupt(path: String, reason: String)
    /// A system call failed.
    case io(path: String, call: String, errno: Int32)
    /// A password is needed but there is no terminal and `NOSTR_PASSWORD` is not set.
    case noPassword
    /// The two passwords typed did not match.
    case passwordMismatch
    /// Encrypting the key (NIP-49) failed.
    case encryption(String)

    public var description: String {
        switch self {
        case let .invalidName(name):
            "invalid name \"\(name)\": use 1 to 64 letters, digits, '.', '_' or '-'"
        case let .notFound(name): "no entry named \"\(name)\" in the key store"
        case let .alreadyExists(name): "an entry named \"\(name)\" already exists; remove it first"
        case let .insecurePermissions(path, mode):
            "\(path) is accessible by other users (mode \(String(mode & 0o777, radix: 8))); run: chmod 600 \(path)"
        case let .wrongPassword(name): "wrong password for \"\(name)\" (or its file is damaged)"
        case let .corrupt(path, reason): "\(path) is damaged: \(reason)"
        case let .io(path, call, errno): "\(call) \(path) failed: \(String(cString: strerror(errno)))"
        case .noPassword: "a password is needed: run in a terminal or set NOSTR_PASSWORD"
        case .passwordMismatch: "the passwords did not match"
        case let .encryption(reason): "could not encrypt the key: \(reason)"
        }
    }
}
