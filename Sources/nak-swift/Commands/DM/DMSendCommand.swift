import NostrCore
import Relay

/// `dm send -p PUBKEY TEXT [RELAY…]`.
struct DMSendCommand: Command {
    static let name = "send"
    static let abstract = "Send a NIP-17 message: one gift wrap per recipient plus one for you, each to its owner's kind-10050 relays."
    static let usage = """
        usage: nak-swift dm send -p PUBKEY|NAME@DOMAIN [-p …] [--subject S] [--sec KEY] [--db PATH] [--connect-timeout S] TEXT [RELAY…]

          -p PUBKEY      a recipient (hex, npub, nprofile); repeat for a group message
          --subject S    set the conversation's subject
        \(DMSession.help)
          RELAY…         where to look up kind-10050 lists missing from the index, and where a wrap
                         goes when its owner has none; without relays every recipient must have a
                         list in the index (fetch one with `dm relays PUBKEY RELAY`)

        Prints one {"id":WRAP_ID,"recipient":PUBKEY} line per gift wrap and, on stderr, one OK or
        error line per relay. Exits 3 when no relay could be reached, 1 when a wrap reached none.

        example:
          nak-swift dm send --sec alice -p $BOB 'lunch?' ws://127.0.0.1:10547
        """

    let session: DMSession
    let recipients: [String]
    let subject: String?
    let text: String
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        session = try DMSession(&args)
        recipients = try args.options("-p", "--pubkey")
        guard !recipients.isEmpty else { throw .missingArgument("-p PUBKEY") }
        subject = try args.option("--subject")
        text = try args.positional("TEXT")
        relays = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        var keys: [PublicKey] = []
        for r in recipients { keys.append(try await DMRecipient.resolve(r)) }
        let relayURLs = try NetworkOptions.relays(relays)
        let messenger = try await session.messenger(io, command: "dm send")

        let report = try await messenger.send(text, to: keys, subject: subject, relays: relayURLs)
        var reachedAny = false, allDelivered = true
        for d in report.deliveries {
            io.print(#"{"id":"\#(d.wrap.id.hex)","recipient":"\#(d.recipient.hex)"}"#)
            let what = "wrap \(d.wrap.id.hex.prefix(12))… for \(DMSession.short(d.recipient))"
            if d.outcomes.isEmpty { io.log("\(what): no relays (no kind-10050 list and none given); kept only in the local index") }
            DMSession.logOutcomes(d.outcomes, what: what, io)
            if d.outcomes.contains(where: { (try? $0.result.get()) != nil }) { reachedAny = true }
            if !d.outcomes.isEmpty && !d.delivered { allDelivered = false }
        }
        await messenger.pool.close()
        if !reachedAny { return .noRelayReached }
        return allDelivered ? .ok : .failure
    }
}
