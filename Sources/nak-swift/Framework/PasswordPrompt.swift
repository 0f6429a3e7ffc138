import Glibc

/// Asks for a password on the controlling terminal with echo off (stdin may be a pipe of events).
enum PasswordPrompt {
    /// The typed line, or nil when there is no terminal.
    static func read(_ prompt: String) -> String? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(fd, TCSAFLUSH, &silent)
        defer { _ = tcsetattr(fd, TCSAFLUSH, &saved) }
        _ = Array(prompt.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var line: [UInt8] = []
        var c: UInt8 = 0
        while Glibc.read(fd, &c, 1) == 1, c != UInt8(ascii: "\n") { line.append(c) }
        _ = Array("\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        defer { ConstantTime.wipe(&line) }
        return String(decoding: line, as: UTF8.self)
    }
}

import NostrCore
