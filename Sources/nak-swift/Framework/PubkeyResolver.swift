import NostrCore
import Relay

/// Public keys as people type them: hex, npub, nprofile, or a NIP-05 `name@domain` looked up over HTTP (http for
/// `localhost` and `127.0.0.1[:port]`, see CLI.md "HTTP"). Commands call it wherever a pubkey is accepted.
struct PubkeyResolver: Sendable {
    var client = NIP05Client()

    /// Whether `text` looks like a NIP-05 identifier rather than a key.
    static func isIdentifier(_ text: String) -> Bool { text.contains("@") || (text.contains(".") && ParsedInput.publicKey(text) == nil) }

    /// The key `text` names and the relays that came with it (nprofile hints, or the nostr.json relays).
    func resolve(_ text: String) async throws(CLIError) -> (pubkey: PublicKey, relays: [String]) {
        let s = text.trimmingSpaces
        if let key = ParsedInput.publicKey(s) {
            if case let .nprofile(_, relays)? = try? NIP19.decode(ParsedInput.stripURI(s)) { return (key, relays) }
            return (key, [])
        }
        guard Self.isIdentifier(s) else {
            throw .invalidInput(what: "\"\(s.prefix(80))\"", reason: "not a public key (hex, npub, nprofile) or a NIP-05 name@domain")
        }
        do {
            let profile = try await client.resolve(s)
            return (profile.pubkey, profile.relays)
        } catch {
            throw .invalidInput(what: "NIP-05 \(s.prefix(80))", reason: error.description)
        }
    }
}
