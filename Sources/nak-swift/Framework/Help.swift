/// The texts of `help`, `--help` and usage errors.
enum Help {
    /// The command list.
    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        var lines = [
            "nak-swift: the nostr army knife, in Swift",
            "",
            "usage: nak-swift [-q|-v] COMMAND [flags] [arguments]",
            "",
            "commands:",
        ]
        for c in commands { lines.append("  " + pad(c.name, width) + "  " + c.abstract) }
        lines += [
            "",
            "Stdin, when not a terminal, is read as one JSON item per line and the command runs once per item.",
            "Exit codes: 0 ok, 1 error, 2 usage, 3 no relay reached, 4 invalid relay URL, 123 some stdin item failed.",
            "'nak-swift help COMMAND' or 'nak-swift COMMAND --help' for details.",
        ]
        return lines.joined(separator: "\n")
    }

    /// A command's usage; a group lists its subcommands.
    static func usage(of command: any Command.Type, path: [String]) -> String {
        var text = "nak-swift \(path.joined(separator: " ")): \(command.abstract)\n\n\(command.usage)"
        if !command.subcommands.isEmpty {
            let width = command.subcommands.map { $0.name.count }.max() ?? 0
            text += "\n\nsubcommands:"
            for s in command.subcommands { text += "\n  " + pad(s.name, width) + "  " + s.abstract }
        }
        return text
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }
}
