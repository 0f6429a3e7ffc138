#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NostrCore

/// Owner-only files and directories: written atomically with mode 0600 (temp file + rename) in
/// 0700 directories, and refused on read when group or others have any access.
enum SecureFile {
    /// Creates `path` and missing parents with mode 0700 and tightens `path` itself to 0700.
    static func ensureDirectory(_ path: String) throws(KeyStoreError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw .io(path: current, call: "mkdir", errno: errno) }
        }
        // A directory someone made with a looser umask would expose file names (which are key names).
        guard chmod(path, 0o700) == 0 else { throw .io(path: path, call: "chmod", errno: errno) }
    }

    /// Writes `bytes` to `path` so that a reader sees the old file or the whole new one, never a part,
    /// and the file is 0600 from its first byte.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(KeyStoreError) {
        let temp = directory(of: path) + "/." + fileName(of: path) + ".tmp-" + Hex.encode(SecureRandom.bytes(6))
        let fd = try syscall(temp, "open") { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(temp) }
        }
        // The umask can only remove bits, but an inherited ACL default could add some: pin 0600.
        _ = try syscall(temp, "fchmod") { fchmod(fd, 0o600) }
        var offset = 0
        while offset < bytes.count {
            let n = try syscall(temp, "write") {
                bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            }
            offset += n
        }
        _ = try syscall(temp, "fsync") { fsync(fd) }
        _ = try syscall(path, "rename") { rename(temp, path) }
        ok = true
    }

    /// The bytes of `path`; `nil` when it does not exist; refuses a file group or others can access.
    static func readFile(_ path: String) throws(KeyStoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io(path: path, call: "open", errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        _ = try syscall(path, "fstat") { fstat(fd, &info) }
        guard info.st_mode & 0o077 == 0 else { throw .insecurePermissions(path: path, mode: UInt32(info.st_mode)) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = try syscall(path, "read") { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n == 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    /// Removes `path`; whether it existed.
    static func removeFile(_ path: String) throws(KeyStoreError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .io(path: path, call: "unlink", errno: errno)
    }

    /// The names of regular files in `directory` ending in `.ext`, without it; empty if it does not exist.
    static func names(in directory: String, withExtension ext: String) throws(KeyStoreError) -> [String] {
        guard let dir = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw .io(path: directory, call: "opendir", errno: errno)
        }
        defer { closedir(dir) }
        let suffix = "." + ext
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.hasSuffix(suffix), name.count > suffix.count else { continue }
            out.append(String(name.dropLast(suffix.count)))
        }
        return out.sorted()
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Runs a system call, retrying on EINTR, throwing the call's name and errno on failure.
    private static func syscall<T: FixedWidthInteger>(_ path: String, _ call: String,
                                                      _ body: () -> T) throws(KeyStoreError) -> T {
        while true {
            let r = body()
            if r >= 0 { return r }
            if errno != EINTR { throw .io(path: path, call: call, errno: errno) }
        }
    }
}
