/// `gift`: NIP-59 gift wraps on stdin events.
struct GiftCommand: CommandGroup {
    static let name = "gift"
    static let abstract = "Gift-wrap stdin events for a recipient, or unwrap gift wraps addressed to you (NIP-59)."
    static let usage = "usage: nak-swift gift wrap|unwrap [flags]"
    static let subcommands: [any Command.Type] = [
        GiftWrapCommand.self,
        GiftUnwrapCommand.self,
    ]
}
