import Foundation
import Glibc
import NostrCore

/// The import progress bar on stderr: count, rate and ETA, redrawn in place. Only used on a terminal.
struct ProgressLine {
    private let start = Date()
    private var lastDraw = Date.distantPast

    /// Redraws at most ten times a second.
    mutating func draw(_ p: ImportProgress) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(p.summary.lines) / elapsed
        var text = "\r\u{1B}[K\(p.summary.lines) events, \(Int(rate))/s"
        if let total = p.totalBytes, total > 0 {
            let fraction = Double(p.bytesRead) / Double(total)
            let width = 24, filled = min(width, Int(fraction * Double(width)))
            text += " [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
            text += " \(Int(fraction * 100))%"
            if fraction > 0 { text += ", ETA \(Self.duration(elapsed / fraction - elapsed))" }
        }
        Self.write(text)
    }

    /// Clears the line so the summary starts on a clean one.
    func finish() { Self.write("\r\u{1B}[K") }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
