import NostrCore
import Relay

/// `relay`: a relay's NIP-11 information document, indented.
struct RelayCommand: Command {
    static let name = "relay"
    static let abstract = "Print a relay's NIP-11 information document."
    static let usage = """
        usage: nak-swift relay URL

        Fetches the document over http(s) at the relay's address (Accept: application/nostr+json).

        example:
          nak-swift relay nos.lol
        """

    let url: String

    init(_ args: inout Arguments) throws(UsageError) {
        url = try args.positional("URL")
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let relay = try RelayURL(url)
        let document = try await RelayInformationClient().fetch(relay)
        io.print(PrettyJSON.value(document))
        return .ok
    }
}
