import NostrCore

/// `key store`: named keys kept encrypted (NIP-49) in the key store.
struct KeyStoreCommand: CommandGroup {
    static let name = "store"
    static let abstract = "Keep named keys encrypted on disk (NIP-49, files 0600); use one with --sec NAME."
    static let usage = """
        usage: nak-swift key store add|list|remove …

        Keys live in $XDG_CONFIG_HOME/nak-swift/keys (default ~/.config/nak-swift/keys), one
        NAME.ncryptsec per key; the password comes from NOSTR_PASSWORD or the terminal.
        """
    static let subcommands: [any Command.Type] = [
        KeyStoreAddCommand.self,
        KeyStoreListCommand.self,
        KeyStoreRemoveCommand.self,
    ]
}

extension KeyStoreCommand {
    /// One entry as a JSON line: `{"name":…,"pubkey":…}` (pubkey null when its sidecar is missing).
    static func line(name: String, pubkey: String?) -> String {
        var out: [UInt8] = []
        out.append(contentsOf: #"{"name":"#.utf8)
        JSONWriter.appendString(name, to: &out)
        out.append(contentsOf: #","pubkey":"#.utf8)
        if let pubkey { JSONWriter.appendString(pubkey, to: &out) } else { out.append(contentsOf: "null".utf8) }
        out.append(0x7D)
        return String(decoding: out, as: UTF8.self)
    }
}
