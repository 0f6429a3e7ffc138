/// Text shaping for notification bodies: `nostr:` profile mentions as @names, and length limits.
enum PushText {
    /// `text` cut to at most `limit` characters, ending with "…" when something was cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        // A character is at least one UTF-8 byte: short text needs no grapheme walk.
        if text.utf8.count <= limit { return text }
        var count = 0
        var end = text.startIndex
        while end < text.endIndex {
            if count == limit { return String(text[..<text.index(before: end)]) + "…" }
            count += 1
            end = text.index(after: end)
        }
        return text
    }

    /// Without leading and trailing spaces and tabs.
    static func trimSpaces(_ s: String) -> String {
        // Space and tab are single UTF-8 bytes that never occur inside a multi-byte character.
        let u = s.utf8
        let isBlank = { (b: UInt8) in b == 0x20 || b == 0x09 }
        guard let first = u.firstIndex(where: { !isBlank($0) }), let last = u.lastIndex(where: { !isBlank($0) }) else { return "" }
        let end = u.index(after: last)
        if first == u.startIndex && end == u.endIndex { return s }
        return String(decoding: u[first..<end], as: UTF8.self)
    }

    /// `text` with each NIP-21 `nostr:npub1…`/`nostr:nprofile1…` replaced by "@" and the name
    /// `name(for:)` gives; other `nostr:` URIs and undecodable ones stay as written.
    static func renderMentions(_ text: String, name: (PublicKey) -> String) -> String {
        let marker = Array("nostr:".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= marker.count else { return text }
        var out: [UInt8] = []
        var i = 0
        var copied = 0
        while i + marker.count <= bytes.count {
            guard bytes[i] == 0x6E, matches(bytes, at: i, marker) else { i += 1; continue }
            // Bech32 data is lower-case letters and digits (BIP-173); the HRP is part of that run.
            var j = i + marker.count
            while j < bytes.count, isBech32(bytes[j]) { j += 1 }
            let code = String(decoding: bytes[(i + marker.count)..<j], as: UTF8.self)
            if code.hasPrefix("npub1") || code.hasPrefix("nprofile1"), let key = try? NIP19.decode(code).publicKey {
                out.append(contentsOf: bytes[copied..<i])
                out.append(0x40)
                out.append(contentsOf: name(key).utf8)
                copied = j
            }
            i = max(j, i + 1)
        }
        guard copied > 0 else { return text }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    private static func matches(_ b: [UInt8], at i: Int, _ m: [UInt8]) -> Bool {
        for k in 0..<m.count where b[i + k] != m[k] { return false }
        return true
    }

    private static func isBech32(_ c: UInt8) -> Bool { (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) }

    /// The emoji a NIP-25 reaction stands for: `+` (or empty) is ❤️, `-` is 👎, anything else itself (shortened).
    static func reactionEmoji(_ content: String) -> String {
        switch PushText.trimSpaces(content) {
        case "", "+": "❤️"
        case "-": "👎"
        case let other: truncate(other.filter { $0 != "\n" && $0 != "\r" }, to: 16)
        }
    }
}
