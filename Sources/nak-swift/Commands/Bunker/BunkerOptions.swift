import Bunker
import NostrCore
import Relay
import Signer

/// What `bunker` and `bunker connect` share: the user key, the profile, the database, the policy flags, the relays.
struct BunkerOptions: Sendable {
    static let help = """
          --sec KEY              the user key to sign with (hex, nsec, ncryptsec or a key-store name)
          --profile NAME         which remote-signer key to use (default "default"; created on first use)
          --authorize PUBKEY[:PERMS]  pair a client by hand (PERMS like sign_event:1,nip44_encrypt; none: all)
          --default-perms PERMS  what a client that asks for no permissions gets (default all; "none": nothing)
          --secret S             use S as the one-time connection secret (rotated after its first use)
          --ask                  on a terminal, ask about requests outside a client's permissions
          --qrcode               also draw the bunker:// URI as a QR code on stderr
          --rate N               requests per second a client may sustain (default 5; burst 20)
    """

    let key: KeyOptions
    let profile: String
    let database: DatabaseOptions
    let authorize: [String]
    let defaultPermissions: NIP46Permissions?
    let secret: String?
    let ask: Bool
    let qrcode: Bool
    let rate: Double?
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        key = try KeyOptions(&args)
        profile = try args.option("--profile") ?? "default"
        database = try DatabaseOptions(&args)
        authorize = try args.options("--authorize")
        defaultPermissions = try args.option("--default-perms").map { (text: String) throws(UsageError) in try Self.parseDefault(text) }
        secret = try args.option("--secret")
        ask = try args.flag("--ask")
        qrcode = try args.flag("--qrcode")
        rate = try args.option("--rate", as: Double.self)
        relays = args.remainingPositionals()
        try args.expectEnd()
        do { try KeyStore.validate(profile) } catch { throw .invalidValue(flag: "--profile", value: profile, expected: "1 to 64 letters, digits, '.', '_' or '-'") }
        for a in authorize { _ = try Self.parseAuthorize(a) }
    }

    /// `PUBKEY[:PERMS]` → key and permissions (all when none are given).
    static func parseAuthorize(_ text: String) throws(UsageError) -> (PublicKey, NIP46Permissions) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let pubkey = try ParsedInput.publicKey(String(parts[0]), flag: "--authorize")
        guard parts.count == 2 else { return (pubkey, .all) }
        do { return (pubkey, try NIP46Permissions(parsing: parts[1])) } catch {
            throw .invalidValue(flag: "--authorize", value: String(parts[1]), expected: "permissions like sign_event:1,nip44_encrypt")
        }
    }

    /// `--default-perms`: a permission list, or `all` / `none`.
    static func parseDefault(_ text: String) throws(UsageError) -> NIP46Permissions {
        switch text {
        case "all": return .all
        case "none": return .none
        default:
            guard let perms = try? NIP46Permissions(parsing: text), !perms.items.isEmpty else {
                throw .invalidValue(flag: "--default-perms", value: text, expected: "all, none, or permissions like sign_event:1,nip44_encrypt")
            }
            return perms
        }
    }

    /// The normalised relay URLs (invalid ones fail with the relay error, exit 4).
    func relayURLs(_ extra: [String] = []) throws -> [String] {
        var out: [String] = []
        for r in relays + extra {
            let u = try RelayURL(r).string
            if !out.contains(u) { out.append(u) }
        }
        return out
    }

    /// Opens everything and starts listening; `extraRelays` are added to the given ones.
    func startBunker(_ io: IO, extraRelays: [String] = []) async throws -> BunkerRunner {
        let urls = try relayURLs(extraRelays)
        guard !urls.isEmpty else { throw UsageError.missingArgument("RELAY") }
        let userKey = try key.secretKey(io, command: "bunker")
        let profileKey = try BunkerProfile.loadOrCreate(profile, in: KeyStore(environment: io.environment)).remoteSignerKey
        let store = try BunkerStore(try database.open(io.environment), profile: profile)
        if let secret { try store.rotateSecret(to: secret, at: Int64(BunkerService.unixTime())) }
        var config = BunkerConfiguration(relays: urls)
        config.ask = ask && TerminalConsentPrompt.isAvailable
        if ask && !config.ask { io.log("--ask: no terminal to ask on; requests outside the grants are refused") }
        if let rate { config.ratePerSecond = rate }
        if let defaultPermissions { config.permissionsWhenNoneRequested = defaultPermissions }
        let service = try await BunkerService(userSigner: LocalSigner(userKey), remoteSignerKey: profileKey, store: store,
                                              configuration: config, consent: config.ask ? TerminalConsentPrompt() : nil,
                                              log: { io.log("bunker: \($0)") })
        for a in authorize {
            let (pubkey, perms) = try Self.parseAuthorize(a)
            try service.authorize(pubkey, permissions: perms)
            io.log("authorized \(pubkey.hex): \(perms)")
        }
        let runner = try BunkerRunner(service: service, pool: RelayPool(), log: { io.log("bunker: \($0)") })
        try await runner.start()
        return runner
    }

    /// Prints the URI (stdout) and, with `--qrcode`, its QR code (stderr).
    func announce(_ runner: BunkerRunner, _ io: IO) throws {
        let uri = try runner.service.bunkerURI().uri
        io.print(uri)
        io.flush()
        if qrcode { io.error(try TerminalQRCode.render(uri)) }
        io.log("bunker running for \(runner.service.userPubkey.hex) on \(runner.service.configuration.relays.joined(separator: " ")); Ctrl-C stops it")
    }
}
