import NostrCore
import Relay

/// `nip05`: look up a NIP-05 identifier, or check it against a key.
struct NIP05Command: Command {
    static let name = "nip05"
    static let abstract = "Resolve a NIP-05 name@domain to its key and relays, or verify it against a key."
    static let usage = """
        usage: nak-swift nip05 NAME@DOMAIN
               nak-swift nip05 verify NAME@DOMAIN PUBKEY

        Looks up https://DOMAIN/.well-known/nostr.json?name=NAME (http for localhost and 127.0.0.1[:PORT]); a bare
        DOMAIN means _@DOMAIN. Redirects are refused, as NIP-05 requires. Prints {"pubkey","npub","relays"}.
        verify exits 0 when the domain maps the name to PUBKEY (hex, npub or nprofile) and 1 otherwise.

        examples:
          nak-swift nip05 bob@example.com
          nak-swift nip05 verify bob@example.com npub1…
        """

    let identifier: String
    let expected: String?

    init(_ args: inout Arguments) throws(UsageError) {
        let first = try args.positional("NAME@DOMAIN")
        if first == "verify" {
            identifier = try args.positional("NAME@DOMAIN")
            expected = try args.positional("PUBKEY")
        } else {
            identifier = first
            expected = nil
        }
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let client = NIP05Client()
        if let expected {
            let key = try ParsedInput.publicKey(expected, flag: "PUBKEY")
            do {
                let relays = try await client.verify(identifier, pubkey: key)
                io.log("\(identifier) is \(key.npub)" + (relays.isEmpty ? "" : " (relays: \(relays.joined(separator: " ")))"))
                return .ok
            } catch {
                throw CLIError.invalidInput(what: "nip05 verify \(identifier)", reason: error.description)
            }
        }
        let profile: NIP05Profile
        do { profile = try await client.resolve(identifier) } catch {
            throw CLIError.invalidInput(what: "nip05 \(identifier)", reason: error.description)
        }
        let json = JSONValue.object(["pubkey": .string(profile.pubkey.hex), "npub": .string(profile.pubkey.npub),
                                     "relays": .array(profile.relays.map(JSONValue.string))])
        io.print(json.serialized)
        return .ok
    }
}
