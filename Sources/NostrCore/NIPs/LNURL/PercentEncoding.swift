/// RFC 3986 percent-encoding for query values (LNURL callbacks, NWC URIs, NIP-05 names).
public enum PercentEncoding {
    /// Encodes every byte outside the unreserved set `A-Z a-z 0-9 - . _ ~`, like `encodeURIComponent`
    /// minus its `!*'()` exceptions, so the result is safe in any query value.
    public static func encode(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for b in text.utf8 {
            switch b {
            case 0x41...0x5a, 0x61...0x7a, 0x30...0x39, 0x2d, 0x2e, 0x5f, 0x7e: out.append(b)
            default: out += [0x25, hex[Int(b >> 4)], hex[Int(b & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); nil on a broken escape or non-UTF-8 result.
    public static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        var out = [UInt8]()
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x25 {
                guard i + 2 < bytes.count, let h = Hex.nibble(bytes[i + 1]), let l = Hex.nibble(bytes[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(plusIsSpace && b == 0x2b ? 0x20 : b)
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// The `key=value` pairs of a query string, decoded, in order (repeated keys kept).
    public static func queryItems(_ query: some StringProtocol) -> [(name: String, value: String)]? {
        var items = [(name: String, value: String)]()
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(kv[0], plusIsSpace: true) else { return nil }
            guard let value = decode(kv.count > 1 ? kv[1] : "", plusIsSpace: true) else { return nil }
            items.append((name, value))
        }
        return items
    }
}
