import COpenSSL

/// Reads OpenSSL's per-thread error queue into a sentence.
enum OpenSSLErrors {
    /// Every queued error, oldest first, joined; `fallback` when the queue is empty. Empties the queue.
    static func drain(_ fallback: String) -> String {
        var parts: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buf = [UInt8](repeating: 0, count: 256)
            buf.withUnsafeMutableBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { ERR_error_string_n(code, $0.baseAddress, $0.count) }
            }
            parts.append(String(decoding: buf.prefix { $0 != 0 }, as: UTF8.self))
        }
        return parts.isEmpty ? fallback : parts.joined(separator: "; ")
    }
}
