/// `encode`: NIP-19 codes from hex.
struct EncodeCommand: CommandGroup {
    static let name = "encode"
    static let abstract = "Encode keys, ids and addresses as NIP-19 (npub, nsec, note, nprofile, nevent, naddr)."
    static let usage = """
        usage: nak-swift encode npub|nsec|note|nprofile|nevent|naddr [flags] [VALUE…]

        Values come from arguments, or one per stdin line.

        examples:
          nak-swift encode npub $PUBKEY
          nak-swift encode nprofile --relay wss://relay.example $PUBKEY
          nak-swift encode nevent --relay wss://relay.example --author $PUBKEY $ID
          nak-swift encode naddr --identifier my-article --pubkey $PUBKEY --kind 30023 --relay wss://relay.example
        """
    static let subcommands: [any Command.Type] = [
        EncodeNpubCommand.self, EncodeNsecCommand.self, EncodeNoteCommand.self,
        EncodeNprofileCommand.self, EncodeNeventCommand.self, EncodeNaddrCommand.self,
    ]
}
