import NostrCore
import Relay

/// `wallet`: talk to a Nostr Wallet Connect wallet (NIP-47).
struct WalletCommand: Command {
    static let name = "wallet"
    static let abstract = "Use a Nostr Wallet Connect wallet: info, balance, pay, invoice, lookup, transactions (NIP-47)."
    static let usage = """
        usage: nak-swift wallet [--nwc URI|NAME] info|balance|transactions
               nak-swift wallet [--nwc URI|NAME] pay BOLT11
               nak-swift wallet [--nwc URI|NAME] invoice --amount SATS [--description TEXT]
               nak-swift wallet [--nwc URI|NAME] lookup PAYMENT_HASH
               nak-swift wallet --nwc URI save NAME

        \(NWCOptions.help)
          --amount SATS        invoice amount in sats
          --description TEXT   invoice description
          --timeout S          seconds to wait for the wallet (default 60)

        Requests use NIP-44 when the wallet's info event announces it, NIP-04 otherwise. Prints one JSON line per
        answer (amounts in millisats, as NIP-47); a wallet error (e.g. INSUFFICIENT_BALANCE) exits 1 with its code.
        save stores the URI in the key store so --nwc NAME finds it.

        examples:
          nak-swift wallet --nwc 'nostr+walletconnect://…' save mywallet
          nak-swift wallet --nwc mywallet balance
          nak-swift wallet --nwc mywallet invoice --amount 21 --description coffee
        """

    enum Action: Sendable {
        case info, balance, transactions
        case pay(String)
        case invoice(sats: Int64, description: String?)
        case lookup(String)
        case save(String)
    }

    let nwc: NWCOptions
    let action: Action
    let timeout: Double

    init(_ args: inout Arguments) throws(UsageError) {
        nwc = try NWCOptions(&args)
        let amount = try args.option("--amount", as: Int64.self)
        let description = try args.option("--description")
        timeout = try args.option("--timeout", as: Double.self) ?? 60
        guard timeout > 0, timeout <= 3600 else { throw .invalidValue(flag: "--timeout", value: "\(timeout)", expected: "seconds between 0 and 3600") }
        let verb = try args.positional("info|balance|pay|invoice|lookup|transactions|save")
        switch verb {
        case "info": action = .info
        case "balance": action = .balance
        case "transactions": action = .transactions
        case "pay": action = .pay(try args.positional("BOLT11"))
        case "invoice":
            guard let amount else { throw .missingValue(flag: "--amount") }
            guard amount > 0 else { throw .invalidValue(flag: "--amount", value: "\(amount)", expected: "a positive number of sats") }
            action = .invoice(sats: amount, description: description)
        case "lookup": action = .lookup(try args.positional("PAYMENT_HASH"))
        case "save": action = .save(try args.positional("NAME"))
        default: throw .unknownSubcommand(command: "wallet", name: verb)
        }
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        guard let uri = try nwc.uri(io) else {
            throw CLIError.invalidInput(what: "wallet", reason: "no wallet given: pass --nwc nostr+walletconnect://… (or a saved name) or set NOSTR_NWC")
        }
        if case let .save(name) = action {
            try NWCOptions.save(uri, name: name, io)
            io.log("saved wallet \(name) (\(uri.walletPubkey.hex.prefix(12))… on \(uri.relays.joined(separator: " ")))")
            return .ok
        }
        let client = try WalletConnectClient(uri: uri, options: NetworkOptions.quietRelayOptions(io), timeout: .milliseconds(Int64(timeout * 1000)))
        switch action {
        case .info:
            let service = try await client.info()
            io.print(WalletJSON.node(try await client.getInfo(), service: service))
        case .balance:
            let msat = try await client.getBalance()
            io.print(JSONValue.object(["balance": .int(msat)]).serialized)
        case .transactions:
            for t in try await client.listTransactions() { io.print(WalletJSON.transaction(t)) }
        case let .pay(bolt11):
            do { _ = try BOLT11Invoice(bolt11, strict: false) } catch {
                throw CLIError.invalidInput(what: "pay", reason: "not a BOLT-11 invoice: \(error)")
            }
            let paid = try await client.payInvoice(bolt11)
            var o: [String: JSONValue] = ["preimage": .string(paid.preimage)]
            if let fees = paid.feesPaidMsat { o["fees_paid"] = .int(fees) }
            io.print(JSONValue.object(o).serialized)
        case let .invoice(sats, description):
            io.print(WalletJSON.transaction(try await client.makeInvoice(amountMsat: sats * 1000, description: description)))
        case let .lookup(hash):
            io.print(WalletJSON.transaction(try await client.lookupInvoice(paymentHash: hash)))
        case .save:
            break
        }
        await client.close()
        return .ok
    }
}

extension NetworkOptions {
    /// Relay options for commands without relay flags: NOTICEs on stderr, the rest with -v.
    static func quietRelayOptions(_ io: IO) -> RelayOptions {
        var o = RelayOptions()
        o.log = { line in
            if line.hasPrefix("NOTICE") { io.log(line) } else { io.verbose(line) }
        }
        return o
    }
}
