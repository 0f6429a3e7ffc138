#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Asks on the controlling terminal (`/dev/tty`): `[o]nce / [a]lways / [d]eny`, one question at a time,
/// waiting with `poll` so a timeout leaves no read behind to swallow the next answer.
public final class TerminalConsentPrompt: ConsentPrompt {
    private let lock = Mutex<Void>(())
    private let queue = DispatchQueue(label: "bunker.consent")

    /// A prompt on `/dev/tty`.
    public init() {}

    /// Whether there is a terminal to ask on.
    public static var isAvailable: Bool {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    public func ask(_ question: ConsentQuestion, timeout: Duration) async -> ConsentAnswer {
        await withCheckedContinuation { (c: CheckedContinuation<ConsentAnswer, Never>) in
            queue.async { [self] in c.resume(returning: lock.withLock { _ in askBlocking(question, timeout: timeout) }) }
        }
    }

    private func askBlocking(_ question: ConsentQuestion, timeout: Duration) -> ConsentAnswer {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .deny }
        defer { close(fd) }
        let seconds = Int(timeout.components.seconds)
        say(fd, "\n\(question.text)\n  allow [o]nce, [a]lways, or [d]eny? (denied in \(seconds) s) ")
        let deadline = ContinuousClock.now + timeout
        var line: [UInt8] = []
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { say(fd, "\n  no answer: denied\n"); return .deny }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let r = poll(&p, 1, ms)
            if r < 0 && errno == EINTR { continue }
            guard r > 0 else { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n <= 0 { return .deny }
            if byte != 0x0A { line.append(byte); continue }
            switch String(decoding: line, as: UTF8.self).lowercased().trimmingSpacesBunker {
            case "o", "once", "y", "yes": return .allowOnce
            case "a", "always": return .allowAlways
            case "d", "deny", "n", "no", "": return .deny
            default:
                line.removeAll()
                say(fd, "  answer o, a or d: ")
            }
        }
    }

    private func say(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

extension String {
    var trimmingSpacesBunker: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
