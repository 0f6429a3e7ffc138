/// `dm`: NIP-17 private messages over relays.
struct DMCommand: CommandGroup {
    static let name = "dm"
    static let abstract = "Send and list NIP-17 private messages (gift-wrapped to each recipient's kind-10050 relays)."
    static let usage = "usage: nak-swift dm send|list|relays [flags] [arguments]"
    static let subcommands: [any Command.Type] = [
        DMSendCommand.self,
        DMListCommand.self,
        DMRelaysCommand.self,
    ]
}
