import Foundation
import Glibc
import Synchronization

/// A byte-progress bar on stderr (terminal only), redrawn in place at most ten times a second; safe to call from the
/// transport's callback thread.
final class TransferBar: Sendable {
    private let total: Int64
    private let start = Date()
    private let lastDraw = Mutex<Date>(.distantPast)

    init(total: Int64) { self.total = total }

    /// Shows `sent` of the total.
    func draw(_ sent: Int64) {
        let now = Date()
        let due = lastDraw.withLock { last -> Bool in
            guard now.timeIntervalSince(last) >= 0.1 || sent >= total else { return false }
            last = now
            return true
        }
        guard due, total > 0 else { return }
        let fraction = min(1, Double(sent) / Double(total))
        let width = 30, filled = Int(fraction * Double(width))
        let rate = Double(sent) / max(now.timeIntervalSince(start), 0.001)
        Self.write("\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                   + "] \(Int(fraction * 100))% \(Self.size(Double(sent)))/\(Self.size(Double(total))) \(Self.size(rate))/s")
    }

    /// Clears the line.
    func finish() { Self.write("\r\u{1B}[K") }

    static func size(_ bytes: Double) -> String {
        if bytes >= 1_048_576 { return String(format: "%.1f MiB", bytes / 1_048_576) }
        if bytes >= 1024 { return String(format: "%.0f KiB", bytes / 1024) }
        return "\(Int(bytes)) B"
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
