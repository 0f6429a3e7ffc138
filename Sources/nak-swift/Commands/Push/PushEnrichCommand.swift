import Glibc
import NostrCore
import Relay
import Signer

/// `push-enrich`: decrypt, verify and enrich push payloads into notification JSON, one payload at a
/// time (stdin), as NDJSON (`--stream`) or over HTTP (`--listen`).
struct PushEnrichCommand: Command {
    static let name = "push-enrich"
    static let abstract = "Decrypt and enrich push payloads (APNs, FCM, bare events) into notification JSON."
    static let usage = """
        usage: nak-swift push-enrich [--sec KEY…] [--db PATH] [--max-age SECONDS] [--stream | --listen HOST:PORT]
                                     [--fetch-missing RELAY… [--fetch-timeout SECONDS]]

          --sec KEY            an account key (hex, nsec, ncryptsec or a key store name); repeatable.
                               Default: NOSTR_SECRET_KEY, else every key in the key store (NOSTR_PASSWORD)
          --db PATH            the index for names, notes and mute lists, opened read-only
                               (default $XDG_DATA_HOME/nak-swift/events.sqlite)
          --max-age SECONDS    suppress events older than this
          --stream             read one payload per line (NDJSON) and print one result line each
          --listen HOST:PORT   serve POST /enrich (payload in, result out; 400 on error) and GET /health
          --max-concurrent N   with --listen: requests handled at once, more get 503 (default 64)
          --max-body BYTES     with --listen: largest request body (default 262144)
          --fetch-missing      ask the RELAY arguments for a sender's missing kind 0 (and a wake-up's event)
          --fetch-timeout S    time budget for one fetch (default 2)

        Payloads: {"aps":{…},"nostr_event":EVENT}, {"encryptedEvent":WRAP} or a bare event. Output, one line each:
        {"status":"notify",…}, {"status":"suppress","reason":…} or {"status":"error","error":…}.
        A one-shot run exits 123 when the payload is an error; --stream carries on and exits 0.

        examples:
          nak-swift push-enrich --sec nsec1… < payload.json
          nak-swift push-enrich --sec alice --stream < payloads.ndjson
          nak-swift push-enrich --sec nsec1… --listen 127.0.0.1:8089
          curl -s -d @payload.json http://127.0.0.1:8089/enrich
        """

    let keys: [String]
    let database: DatabaseOptions
    let maxAge: Int64?
    let stream: Bool
    let listen: (host: String, port: UInt16)?
    let maxConcurrent: Int
    let maxBody: Int
    let fetchMissing: Bool
    let fetchTimeout: Double
    let relays: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        keys = try args.options("--sec")
        database = try DatabaseOptions(&args)
        maxAge = try args.option("--max-age", as: Int64.self)
        if let maxAge, maxAge <= 0 { throw .invalidValue(flag: "--max-age", value: String(maxAge), expected: "a positive number of seconds") }
        stream = try args.flag("--stream")
        if let text = try args.option("--listen") {
            guard let address = Self.hostPort(text) else {
                throw .invalidValue(flag: "--listen", value: text, expected: "HOST:PORT, e.g. 127.0.0.1:8089")
            }
            listen = address
        } else {
            listen = nil
        }
        maxConcurrent = try args.option("--max-concurrent", as: Int.self) ?? 64
        guard maxConcurrent > 0 else { throw .invalidValue(flag: "--max-concurrent", value: String(maxConcurrent), expected: "at least 1") }
        maxBody = try args.option("--max-body", as: Int.self) ?? 256 * 1024
        guard maxBody >= 1024 else { throw .invalidValue(flag: "--max-body", value: String(maxBody), expected: "at least 1024 bytes") }
        fetchMissing = try args.flag("--fetch-missing")
        fetchTimeout = try args.option("--fetch-timeout", as: Double.self) ?? 2
        guard fetchTimeout > 0, fetchTimeout <= 60 else {
            throw .invalidValue(flag: "--fetch-timeout", value: String(fetchTimeout), expected: "seconds between 0 and 60")
        }
        relays = args.remainingPositionals()
        try args.expectEnd()
        if stream && listen != nil { throw .conflict("--stream and --listen cannot be used together") }
        if fetchMissing && relays.isEmpty {
            throw .invalidValue(flag: "--fetch-missing", value: "", expected: "one or more RELAY arguments")
        }
        if !fetchMissing, let first = relays.first { throw .unexpectedArgument(first) }
    }

    /// `host:port`, `[v6]:port`.
    static func hostPort(_ text: String) -> (host: String, port: UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    func run(_ io: IO) async throws -> ExitCode {
        let enricher = PushEnricher(accounts: try accountKeys(io), cache: openCache(io), options: try options(io))
        if let listen {
            try await PushServer.run(enricher, host: listen.host, port: listen.port, maxConcurrent: maxConcurrent,
                                     maxBody: maxBody, io: io)
            return .ok
        }
        if stream {
            for await line in io.lines() {
                io.write(await enricher.enrich(line.bytes).jsonBytes + [0x0A])
            }
            return .ok
        }
        guard let payload = await io.readAll(), payload.contains(where: { $0 > 0x20 }) else {
            throw UsageError.invalidValue(flag: "stdin", value: "", expected: "one push payload (JSON)")
        }
        let result = await enricher.enrich(payload)
        io.print(result.json)
        if case let .error(e) = result { io.itemFailed("push-enrich: \(e)") }
        return .ok
    }

    private func options(_ io: IO) throws -> PushOptions {
        var o = PushOptions(maxAge: maxAge, maxPayloadBytes: maxBody)
        if fetchMissing {
            let urls = try NetworkOptions.relays(relays)
            var relayOptions = RelayOptions()
            // Connecting and waiting for EOSE share the budget, so one fetch never exceeds it.
            relayOptions.connectTimeout = .milliseconds(Int64(fetchTimeout * 500))
            relayOptions.eoseTimeout = .milliseconds(Int64(fetchTimeout * 500))
            relayOptions.reconnect = nil
            relayOptions.log = { io.verbose($0) }
            let pool = RelayPool(options: relayOptions)
            o.fetchMissing = { filters in await pool.query(filters, on: urls).events }
        }
        return o
    }

    /// `--sec` keys, else `NOSTR_SECRET_KEY`, else every key in the key store.
    private func accountKeys(_ io: IO) throws -> [SecretKey] {
        let resolver = SignerResolver(environment: io.environment)
        var texts = keys.map { ("--sec", $0) }
        if texts.isEmpty, let env = io.environment["NOSTR_SECRET_KEY"], !env.isEmpty { texts = [("NOSTR_SECRET_KEY", env)] }
        if texts.isEmpty {
            let stored = try KeyStore(environment: io.environment).list()
            guard !stored.isEmpty else { throw CLIError.missingKey(command: "push-enrich") }
            texts = stored.map { ("key store \($0.name)", $0.name) }
        }
        var out: [SecretKey] = []
        for (source, text) in texts {
            do { out.append(try resolver.secretKey(from: text)) } catch { throw CLIError.invalidKey(source: source, reason: error) }
        }
        return out
    }

    /// The index, read-only, when it exists: another process may be writing it.
    private func openCache(_ io: IO) -> EventStore? {
        let path = database.path(io.environment)
        guard path != ":memory:", access(path, R_OK) == 0 else {
            io.verbose("push-enrich: no index at \(path): names fall back to npubs")
            return nil
        }
        do { return try EventStore(path: path, readOnly: true) } catch {
            io.log("push-enrich: cannot open the index at \(path): \(error)")
            return nil
        }
    }
}
