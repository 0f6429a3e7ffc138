/// `key`: generate and convert keys.
struct KeyCommand: CommandGroup {
    static let name = "key"
    static let abstract = "Generate keys, derive public keys, encrypt keys (NIP-49), keys from mnemonics (NIP-06)."
    static let usage = "usage: nak-swift key SUBCOMMAND [flags] [arguments]"
    static let subcommands: [any Command.Type] = [
        KeyGenerateCommand.self,
        KeyPublicCommand.self,
        KeyEncryptCommand.self,
        KeyDecryptCommand.self,
        KeyMnemonicCommand.self,
        KeyStoreCommand.self,
    ]
}
