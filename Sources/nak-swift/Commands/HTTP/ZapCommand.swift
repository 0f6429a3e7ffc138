import NostrCore
import Relay
import Signer

/// `zap`: NIP-57 zap of a profile or an event, paid through NWC or printed as an invoice.
struct ZapCommand: Command {
    static let name = "zap"
    static let abstract = "Zap a profile or event (NIP-57): pay through NWC and print the receipt, or print the invoice."
    static let usage = """
        usage: nak-swift zap TARGET --amount SATS [--comment TEXT] [--nwc URI|NAME] [--sec KEY] [RELAY…]

          TARGET               npub, nprofile, note, nevent, naddr, or a NIP-05 name@domain
          --amount SATS        how much to send
          --comment TEXT       a message for the recipient (the zap request's content)
        \(NWCOptions.help)
          --sec KEY            signs the zap request (also NOSTR_SECRET_KEY)
          --timeout S          seconds to wait for the zap receipt after paying (default 30)
        \(NetworkOptions.help)

        The target's profile (kind 0) is fetched from the RELAYs, the code's hints and the author's outbox relays; its
        lud16 or lud06 gives the LNURL service. The invoice is checked (amount, and a description hash committing to
        the zap request) before anything is paid. With a wallet, the zap receipt (kind 9735) is awaited on the zap
        request's relays (the RELAYs, else the hints), validated and printed; without one, the invoice is printed as
        a lightning: URI, with a QR code on a terminal.

        examples:
          nak-swift zap npub1… --amount 21 --comment 'great post' wss://relay.damus.io
          nak-swift zap bob@example.com --amount 100 --nwc mywallet
        """

    let target: String
    let sats: UInt64
    let comment: String
    let key: KeyOptions
    let nwc: NWCOptions
    let network: NetworkOptions
    let timeout: Double
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        guard let amount = try args.option("--amount", as: UInt64.self) else { throw .missingValue(flag: "--amount") }
        guard amount > 0, amount < 21_000_000 * 100_000_000 else {
            throw .invalidValue(flag: "--amount", value: "\(amount)", expected: "a positive number of sats")
        }
        sats = amount
        comment = try args.option("--comment") ?? ""
        key = try KeyOptions(&args)
        nwc = try NWCOptions(&args)
        network = try NetworkOptions(&args)
        timeout = try args.option("--timeout", as: Double.self) ?? 30
        guard timeout > 0, timeout <= 3600 else { throw .invalidValue(flag: "--timeout", value: "\(timeout)", expected: "seconds between 0 and 3600") }
        target = try args.positional("TARGET")
        relays = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        let given = try NetworkOptions.relays(relays)
        let wallet = try nwc.uri(io)
        let signer = try await key.signer(io, command: "zap")
        let pool = RelayPool(options: network.relayOptions(io), store: network.store(io))
        let (zapTarget, hints) = try await resolveTarget(pool: pool, given: given, io)
        let receiptRelays = given.isEmpty ? hints : given
        guard !receiptRelays.isEmpty else {
            throw CLIError.invalidInput(what: "zap", reason: "no relay for the zap receipt: give one or more RELAY arguments")
        }
        let zap: ZapInvoice
        do {
            zap = try await ZapClient().requestInvoice(for: zapTarget, amountMsat: sats * 1000, comment: comment,
                                                       relays: receiptRelays.map(\.string), signer: signer, createdAt: ParsedInput.now)
        } catch {
            await pool.close()
            throw CLIError.invalidInput(what: "zap \(zapTarget.lightningAddress)", reason: error.description)
        }
        io.log("invoice for \(sats) sats from \(zapTarget.lightningAddress), checked against the zap request")
        guard let wallet else {
            await pool.close()
            io.print("lightning:" + zap.bolt11)
            if io.stderrIsTerminal, let qr = try? TerminalQRCode.render("lightning:" + zap.bolt11.uppercased()) { io.error(qr) }
            return .ok
        }
        let client = try WalletConnectClient(uri: wallet, options: NetworkOptions.quietRelayOptions(io))
        let paid = try await client.payInvoice(zap.bolt11)
        await client.close()
        io.log("paid \(sats) sats (preimage \(paid.preimage)); waiting for the zap receipt")
        do {
            let receipt = try await ZapClient.waitForReceipt(zap, pool: pool, relays: receiptRelays, timeout: .milliseconds(Int64(timeout * 1000)))
            await pool.close()
            io.print(receipt.event.json)
            return .ok
        } catch {
            await pool.close()
            throw CLIError.invalidInput(what: "zap", reason: "the invoice was paid, but \(error)")
        }
    }

    /// Who and what to zap, with the relays that came with the target; fetches the profile for its lightning address.
    private func resolveTarget(pool: RelayPool, given: [RelayURL], _ io: IO) async throws -> (ZapTarget, [RelayURL]) {
        var recipient: PublicKey?
        var eventID: EventID?
        var address: String?
        var kind: Kind?
        var hintTexts: [String] = []
        if PubkeyResolver.isIdentifier(target) && target.contains("@") {
            let r = try await PubkeyResolver().resolve(target)
            (recipient, hintTexts) = (r.pubkey, r.relays)
        } else if let key = ParsedInput.publicKey(target) {
            recipient = key
            if case let .nprofile(_, relays)? = try? NIP19.decode(ParsedInput.stripURI(target)) { hintTexts = relays }
        } else {
            switch try? NIP19.decode(ParsedInput.stripURI(target.trimmingSpaces)) {
            case let .note(id)?: eventID = id
            case let .nevent(id, relays, author, k)?: (eventID, hintTexts, recipient, kind) = (id, relays, author, k)
            case let .naddr(identifier, pubkey, k, relays)?:
                (recipient, kind, hintTexts) = (pubkey, k, relays)
                address = "\(k.rawValue):\(pubkey.hex):\(identifier)"
            default:
                throw CLIError.invalidInput(what: "zap \(target.prefix(40))", reason: "not an npub, nprofile, note, nevent, naddr or name@domain")
            }
        }
        var seen = Set<RelayURL>()
        let hints = hintTexts.compactMap { try? RelayURL($0) }.filter { seen.insert($0).inserted }
        let ask = Array(Set(given + hints)).sorted()
        if let id = eventID, recipient == nil || kind == nil {
            guard let event = await pool.query([Filter(ids: [id])], on: ask).events.first else {
                throw CLIError.invalidInput(what: "zap", reason: "event \(id.hex.prefix(12))… not found on \(ask.map(\.string).joined(separator: " "))")
            }
            (recipient, kind) = (event.pubkey, event.kind)
        }
        guard let recipient else { throw CLIError.invalidInput(what: "zap", reason: "no recipient") }
        let profileFilter = Filter(authors: [recipient], kinds: [.metadata], limit: 1)
        var profile = ask.isEmpty ? nil : await pool.query([profileFilter], on: ask).events.first
        if profile == nil {
            let outbox = Outbox(pool: pool, indexers: ask + FetchCommand.defaultIndexers)
            let writes = await outbox.writeRelays(of: recipient).filter { !ask.contains($0) }
            if !writes.isEmpty { profile = await pool.query([profileFilter], on: writes).events.first }
        }
        guard let profile else {
            throw CLIError.invalidInput(what: "zap", reason: "no profile (kind 0) found for \(recipient.npub): give a relay that has it")
        }
        let lightning: String
        do { lightning = try ZapClient.lightningAddress(profile: profile) } catch {
            throw CLIError.invalidInput(what: "zap", reason: error.description)
        }
        return (ZapTarget(recipient: recipient, lightningAddress: lightning, eventID: eventID, address: address, kind: kind), hints)
    }
}
