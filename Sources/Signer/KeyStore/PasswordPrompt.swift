#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NostrCore

/// Where a password comes from: `NOSTR_PASSWORD`, else typed on the terminal without echo.
public enum PasswordPrompt {
    /// The environment variable read before asking.
    public static let environmentVariable = "NOSTR_PASSWORD"

    /// `NOSTR_PASSWORD` when set, otherwise asks on the terminal with `prompt`.
    public static func password(prompt: String = "password: ",
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws(KeyStoreError) -> String {
        if let fromEnv = environment[environmentVariable] { return fromEnv }
        return try readFromTerminal(prompt: prompt)
    }

    /// A password for a new key: `NOSTR_PASSWORD` when set, otherwise typed twice on the terminal.
    public static func newPassword(prompt: String = "new password: ", confirm: String = "again: ",
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws(KeyStoreError) -> String {
        if let fromEnv = environment[environmentVariable] { return fromEnv }
        let first = try readFromTerminal(prompt: prompt)
        guard try readFromTerminal(prompt: confirm) == first else { throw .passwordMismatch }
        return first
    }

    /// Reads one line from `/dev/tty` (or from stdin when it is a terminal, prompting on stderr)
    /// with echo off, restoring the terminal afterwards; `noPassword` when there is no terminal.
    public static func readFromTerminal(prompt: String) throws(KeyStoreError) -> String {
        var input = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var output = input
        let ownsTTY = input >= 0
        if !ownsTTY {
            guard isatty(STDIN_FILENO) == 1 else { throw .noPassword }
            input = STDIN_FILENO
            output = STDERR_FILENO
        }
        defer { if ownsTTY { close(input) } }

        var saved = termios()
        let canHide = tcgetattr(input, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(input, TCSAFLUSH, &quiet)
        }
        defer { if canHide { _ = tcsetattr(input, TCSAFLUSH, &saved) } }

        writeAll(output, prompt)
        var line: [UInt8] = []
        defer { ConstantTime.wipe(&line) }
        var byte: UInt8 = 0
        while true {
            let n = read(input, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 || byte == 0x0A { break }
            if byte != 0x0D { line.append(byte) }
        }
        return String(decoding: line, as: UTF8.self)
    }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
