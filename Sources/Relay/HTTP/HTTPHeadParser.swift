/// Sans-IO parser of HTTP/1.1 message heads (RFC 9112 §2–5), working on bytes because `"\r\n"` is one Swift Character.
public struct HTTPHeadParser: Sendable {
    /// The largest head accepted, blank line included.
    public let maxHeadSize: Int
    /// How far the search for the blank line has got, so byte-by-byte feeding stays linear.
    private var scanned = 0

    /// A parser that rejects heads over `maxHeadSize` bytes.
    public init(maxHeadSize: Int = 16 * 1024) { self.maxHeadSize = maxHeadSize }

    /// The next request head, or nil when the blank line has not arrived yet.
    public mutating func nextRequest(_ input: inout ByteCursor) throws(HTTPParseError) -> HTTPRequestHead? {
        guard let (start, headers) = try nextHead(&input) else { return nil }
        let parts = start.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3 else { throw .malformedStartLine(start) }
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/1.") else { throw .unsupportedVersion(version) }
        return HTTPRequestHead(method: String(parts[0]), target: String(parts[1]), version: version, headers: headers)
    }

    /// The next response head, or nil when the blank line has not arrived yet.
    public mutating func nextResponse(_ input: inout ByteCursor) throws(HTTPParseError) -> HTTPResponseHead? {
        guard let (start, headers) = try nextHead(&input) else { return nil }
        let parts = start.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].utf8.count == 3, let status = Int(parts[1]) else {
            throw .malformedStartLine(start)
        }
        guard parts[0].hasPrefix("HTTP/1.") else { throw .unsupportedVersion(String(parts[0])) }
        return HTTPResponseHead(version: String(parts[0]), status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers)
    }

    private mutating func nextHead(_ input: inout ByteCursor) throws(HTTPParseError) -> (String, HTTPHeaders)? {
        let bytes = input.readableBytes
        let base = bytes.startIndex
        var i = base + max(0, scanned - 3)
        var end: Int?
        while i + 3 < bytes.endIndex {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { end = i; break }
            i += 1
        }
        guard let end else {
            scanned = bytes.count
            if bytes.count > maxHeadSize { throw .headTooLarge(limit: maxHeadSize) }
            return nil
        }
        guard end - base + 4 <= maxHeadSize else { throw .headTooLarge(limit: maxHeadSize) }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = base
        var j = base
        while j < end {
            if bytes[j] == 13, bytes[j + 1] == 10 {
                lines.append(bytes[lineStart ..< j])
                lineStart = j + 2
                j += 2
            } else {
                j += 1
            }
        }
        lines.append(bytes[lineStart ..< end])
        let start = String(decoding: lines[0], as: UTF8.self)
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .malformedHeader(String(decoding: line, as: UTF8.self))
            }
            let name = String(decoding: line[line.startIndex ..< colon], as: UTF8.self)
            // RFC 9112 §5.1: no whitespace between the field name and the colon.
            guard !name.contains(" "), !name.contains("\t") else { throw .malformedHeader(String(decoding: line, as: UTF8.self)) }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)[...].trimmingSpaces
            headers.add(name, String(value))
        }
        input.skip(end - base + 4)
        scanned = 0
        return (start, headers)
    }

    /// The `Content-Length` of a head, nil when absent; conflicting or non-numeric values are errors.
    public static func contentLength(_ headers: HTTPHeaders) throws(HTTPParseError) -> Int? {
        let values = headers.values("Content-Length")
        guard let first = values.first else { return nil }
        guard values.allSatisfy({ $0 == first }), let n = Int(first), n >= 0 else { throw .badContentLength(first) }
        return n
    }

    static func serialize(startLine: String, headers: HTTPHeaders) -> [UInt8] {
        var out = Array(startLine.utf8)
        out += [13, 10]
        for (name, value) in headers {
            out += name.utf8
            out += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            out += value.utf8
            out += [13, 10]
        }
        out += [13, 10]
        return out
    }
}
