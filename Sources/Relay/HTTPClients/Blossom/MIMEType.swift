/// MIME types from file extensions and back, for the few kinds people usually put on Blossom.
enum MIMEType {
    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "mp3": "audio/mpeg",
        "ogg": "audio/ogg", "wav": "audio/wav", "pdf": "application/pdf", "txt": "text/plain", "md": "text/markdown",
        "json": "application/json", "html": "text/html", "zip": "application/zip", "gz": "application/gzip",
    ]

    /// The type for `path`'s extension.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// The extension for `type` (BUD-02: descriptor URLs carry one), `bin` when unknown.
    static func fileExtension(for type: String) -> String {
        let bare = type.split(separator: ";").first.map { String($0.trimmingSpaces) } ?? type
        if bare == "image/jpeg" { return "jpg" }
        return byExtension.first { $0.value == bare }?.key ?? "bin"
    }
}
