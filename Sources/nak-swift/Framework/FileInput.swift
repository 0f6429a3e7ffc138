import Foundation

/// Reading files named on the command line (`-c @FILE`).
enum FileInput {
    /// The file's text (UTF-8), without a single trailing newline.
    static func text(_ path: String) throws(CLIError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, errno: FileManager.default.fileExists(atPath: path) ? EACCES : ENOENT)
        }
        var s = String(decoding: data, as: UTF8.self)
        if s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
