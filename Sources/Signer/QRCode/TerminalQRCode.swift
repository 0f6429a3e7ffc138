import CQREncode

/// A QR code drawn with half-block characters, two modules per character cell, so a `bunker://` or
/// `nostrconnect://` URI can be scanned off a terminal by a phone.
public enum TerminalQRCode {
    /// Why a QR code could not be made.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// libqrencode refused the text (too long for any QR version, or out of memory).
        case encodingFailed(length: Int)
        public var description: String { "could not encode \(length) bytes as a QR code (too long?)" }
        var length: Int { if case let .encodingFailed(n) = self { n } else { 0 } }
    }

    /// The modules of `text` as rows of booleans (true = dark), error correction level L, 8-bit mode so
    /// lowercase hex and `%` survive unchanged.
    public static func modules(_ text: String) throws(Failure) -> [[Bool]] {
        guard let code = text.withCString({ QRcode_encodeString8bit($0, 0, QR_ECLEVEL_L) }) else {
            throw .encodingFailed(length: text.utf8.count)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard let data = code.pointee.data else { throw .encodingFailed(length: text.utf8.count) }
        // libqrencode: bit 0 of each byte is the module colour (1 = black); the other bits are metadata.
        return (0..<width).map { y in (0..<width).map { x in data[y * width + x] & 1 == 1 } }
    }

    /// The QR code as terminal lines, light modules drawn as full blocks (dark terminal background assumed,
    /// so the code reads dark-on-light), with the 4-module quiet zone the standard asks for.
    public static func render(_ text: String) throws(Failure) -> String {
        let m = try modules(text)
        let quiet = 4
        let size = m.count + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quiet, my = y - quiet
            guard mx >= 0, my >= 0, mx < m.count, my < m.count else { return false }
            return m[my][mx]
        }
        var lines: [String] = []
        var y = 0
        while y < size {
            var line = ""
            for x in 0..<size {
                // Light is drawn, dark is left blank: each cell covers rows y (top) and y+1 (bottom).
                let top = !dark(x, y), bottom = y + 1 < size ? !dark(x, y + 1) : false
                let cell: String = switch (top, bottom) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
                line += cell
            }
            lines.append(line)
            y += 2
        }
        return lines.joined(separator: "\n")
    }
}
