import NostrCore
import Relay
import Signer

/// `connect`: pairs with a remote signer (bunker) and remembers the session, so `--sec NAME` signs through it.
struct ConnectCommand: Command {
    static let name = "connect"
    static let abstract = "Pair with a NIP-46 remote signer and remember the session for --sec NAME."
    static let usage = """
        usage: nak-swift connect BUNKER_URI [--name NAME] [--perms P] [--timeout SECONDS]
               nak-swift connect --nostrconnect [--name NAME] [--perms P] [--client-name N] [--qrcode] [--timeout SECONDS] RELAY…

        bunker://: sends connect with the URI's secret, then get_public_key; prints the user's public key.
        --nostrconnect: prints a nostrconnect:// URI (and with --qrcode a QR code) on stderr for the person to
        give to their signer, waits for its answer (checking the secret), then prints the user's public key.
        With --name the client key, the remote-signer key, the user key and the relays are saved in the key
        store (sessions/NAME.json, mode 0600): afterwards `--sec NAME` signs through the remote signer.

          --name NAME         remember the session under NAME
          --perms P           permissions to ask for, e.g. sign_event:1,nip44_encrypt
          --timeout SECONDS   how long each request waits for an answer (default 65; pairing by nostrconnect: 300)

        example:
          nak-swift connect 'bunker://fa98…?relay=wss%3A%2F%2Frelay.example&secret=abc' --name phone
          nak-swift event --sec phone -c 'signed by my bunker' relay.example
        """

    let target: String?
    let nostrconnect: Bool
    let name: String?
    let perms: NIP46Permissions
    let clientName: String
    let qrcode: Bool
    let timeout: Double?
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        nostrconnect = try args.flag("--nostrconnect")
        name = try args.option("--name")
        let p = try args.option("--perms") ?? ""
        do { perms = try NIP46Permissions(parsing: p) } catch {
            throw .invalidValue(flag: "--perms", value: p, expected: "permissions like sign_event:1,nip44_encrypt")
        }
        clientName = try args.option("--client-name") ?? "nak-swift"
        qrcode = try args.flag("--qrcode")
        timeout = try args.option("--timeout", as: Double.self)
        let positionals = args.remainingPositionals()
        try args.expectEnd()
        if let name { do { try KeyStore.validate(name) } catch { throw .invalidValue(flag: "--name", value: name, expected: "1 to 64 letters, digits, '.', '_' or '-'") } }
        if nostrconnect {
            target = nil
            relays = positionals
            if relays.isEmpty { throw .missingArgument("RELAY") }
        } else {
            guard positionals.count == 1 else {
                throw positionals.isEmpty ? .missingArgument("BUNKER_URI") : .unexpectedArgument(positionals[1])
            }
            target = positionals[0]
            relays = []
        }
    }

    func run(_ io: IO) async throws -> ExitCode {
        let requestTimeout = timeout.map { Duration.milliseconds(Int64($0 * 1000)) } ?? RemoteSigner.defaultTimeout
        let onAuthURL: @Sendable (String) -> Void = { io.error("the remote signer asks you to open: \($0)") }
        let store = KeyStore(environment: io.environment)
        if let name, store.contains(name: name) {
            throw CLIError.invalidInput(what: "--name \(name)", reason: "a key of that name is in the key store; pick another name")
        }
        let signer: RemoteSigner
        if let target {
            let uri = try BunkerURI(target)
            signer = try await RemoteSigner.connect(uri, permissions: perms, metadata: NIP46ClientMetadata(name: clientName),
                                                    timeout: requestTimeout, onAuthURL: onAuthURL)
        } else {
            let clientKey = SecretKey.generate()
            let urls = try relays.map { try RelayURL($0).string }
            let uri = NostrConnectURI(clientPubkey: clientKey.publicKey, relays: urls, secret: NIP46.randomToken(),
                                      permissions: perms, metadata: NIP46ClientMetadata(name: clientName))
            let qrcode = self.qrcode
            signer = try await RemoteSigner.nostrConnect(uri, clientKey: clientKey,
                                                         timeout: timeout.map { .milliseconds(Int64($0 * 1000)) } ?? .seconds(300),
                                                         requestTimeout: requestTimeout,
                                                         onReady: {
                io.error("give this to your remote signer:\n\(uri.uri)")
                if qrcode, let qr = try? TerminalQRCode.render(uri.uri) { io.error(qr) }
            }, onAuthURL: onAuthURL)
        }
        // 46.md "Switching relays": ask once; a signer that names other relays moves the session there.
        if let moved = try? await signer.switchRelays() { io.log("the remote signer moved the session to \(moved.joined(separator: " "))") }
        if let name {
            try store.saveSession(signer.session, name: name)
            io.log("session saved as \(name): use --sec \(name)")
        }
        io.print(try await signer.publicKey().hex)
        return .ok
    }
}
