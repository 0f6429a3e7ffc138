import Glibc
import NostrCore

/// The push enricher's lean entry point: `nak-swift push-enrich` (one-shot and `--stream`) in a binary that
/// links only NostrCore, so a notification extension's cold start loads neither FoundationNetworking nor
/// the relay, signer and CLI code. Keys come as hex, nsec or ncryptsec (`--sec`, `NOSTR_SECRET_KEY`).
enum LeanPushEnrich {
    static let usage = """
        usage: nak-push-enrich --sec KEY… [--db PATH] [--max-age SECONDS] [--stream]

        The lean form of `nak-swift push-enrich` for cold starts: one payload on stdin (or one per line with
        --stream), one result line on stdout. KEY is hex, nsec or ncryptsec (password from NOSTR_PASSWORD);
        without --sec, NOSTR_SECRET_KEY. --db is the index, opened read-only (default
        $XDG_DATA_HOME/nak-swift/events.sqlite). For --listen, --fetch-missing and the key store use nak-swift.

        example:
          nak-push-enrich --sec nsec1… < payload.json
        """

    struct Options {
        var keys: [String] = []
        var db: String?
        var maxAge: Int64?
        var stream = false
    }

    static func main() -> Never {
        let env = environment()
        let options: Options
        switch parse(Array(CommandLine.arguments.dropFirst())) {
        case let .success(o): options = o
        case let .failure(message): fail(2, "nak-push-enrich: \(message)\n\n\(usage)")
        }
        var texts = options.keys
        if texts.isEmpty, let k = env["NOSTR_SECRET_KEY"], !k.isEmpty { texts = [k] }
        guard !texts.isEmpty else { fail(1, "nak-push-enrich: no key: give --sec KEY or set NOSTR_SECRET_KEY") }
        var keys: [SecretKey] = []
        for text in texts {
            switch secretKey(text, password: env["NOSTR_PASSWORD"]) {
            case let .success(key): keys.append(key)
            case let .failure(message): fail(1, "nak-push-enrich: --sec: \(message)")
            }
        }
        let enricher = PushEnricher(accounts: keys, cache: openCache(options.db ?? defaultIndex(env)),
                                    options: PushOptions(maxAge: options.maxAge))
        if options.stream {
            // One task for the whole stream: each payload's await finishes inline, so no task per payload.
            Synchronously.run { await stream(enricher) }
            exit(0)
        }
        let payload = LineReader.readAll()
        guard payload.contains(where: { $0 > 0x20 }) else { fail(2, "nak-push-enrich: stdin: expected one push payload (JSON)") }
        let result = Synchronously.run { await enricher.enrich(payload) }
        var out = OutputBuffer()
        out.append(result.jsonBytes)
        out.flush()
        if case let .error(e) = result {
            writeAll(2, Array("nak-push-enrich: \(e)\n".utf8))
            exit(123)
        }
        exit(0)
    }

    /// NDJSON in, one result line out per payload; output is flushed whenever no further line is buffered.
    static func stream(_ enricher: PushEnricher) async {
        var reader = LineReader()
        var out = OutputBuffer()
        while let line = reader.next() {
            guard line.contains(where: { $0 > 0x20 }) else { continue }
            out.append(await enricher.enrich(line).jsonBytes)
            if !reader.hasBufferedLine { out.flush() }
        }
        out.flush()
    }

    static func parse(_ argv: [String]) -> Result<Options, ParseError> {
        var o = Options()
        var i = 0
        func value(_ flag: String) -> String? {
            i += 1
            return i < argv.count ? argv[i] : nil
        }
        while i < argv.count {
            let a = argv[i]
            switch a {
            case "--sec":
                guard let v = value(a) else { return .failure(ParseError("--sec needs a value")) }
                o.keys.append(v)
            case "--db":
                guard let v = value(a), !v.isEmpty else { return .failure(ParseError("--db needs a path")) }
                o.db = v
            case "--max-age":
                guard let v = value(a), let n = Int64(v), n > 0 else { return .failure(ParseError("--max-age needs a positive number of seconds")) }
                o.maxAge = n
            case "--stream":
                o.stream = true
            case "-h", "--help":
                writeAll(1, Array((usage + "\n").utf8))
                exit(0)
            default:
                return .failure(ParseError("unexpected argument \(a.hasPrefix("-") ? a : "\"\(a.prefix(20))\"")"))
            }
            i += 1
        }
        return .success(o)
    }

    /// A usage problem, shown with the usage text.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// The key in `text`. An ncryptsec password must be ASCII here: NIP-49's NFKC needs Unicode tables,
    /// which come with Foundation, and this binary does not load it (`nak-swift push-enrich` does).
    static func secretKey(_ text: String, password: String?) -> Result<SecretKey, ParseError> {
        let t = text.hasPrefix("nostr:") ? String(text.dropFirst(6)) : text
        if t.utf8.count == 64, let k = try? SecretKey(hex: t.lowercased()) { return .success(k) }
        if t.hasPrefix("nsec1"), case let .nsec(k)? = try? NIP19.decode(t) { return .success(k) }
        if t.hasPrefix("ncryptsec1"), let password {
            do { return .success(try NIP49.decrypt(t, password: password, normalizer: .asciiOnly)) } catch .passwordNeedsNormalizer {
                return .failure(ParseError("NOSTR_PASSWORD has non-ASCII characters; this lean binary cannot NFKC-normalise them (NIP-49): use nak-swift push-enrich, or decrypt the key with nak-swift key decrypt"))
            } catch {
                return .failure(ParseError("ncryptsec: \(error)"))
            }
        }
        return .failure(ParseError("not a hex, nsec or (with NOSTR_PASSWORD) ncryptsec key"))
    }

    static func openCache(_ path: String) -> EventStore? {
        guard path != ":memory:", access(path, R_OK) == 0 else { return nil }
        return try? EventStore(path: path, readOnly: true)
    }

    static func defaultIndex(_ env: [String: String]) -> String {
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((env["HOME"] ?? ".") + "/.local/share")
        return base + "/nak-swift/events.sqlite"
    }

    static func environment() -> [String: String] {
        var out: [String: String] = [:]
        for name in ["NOSTR_SECRET_KEY", "NOSTR_PASSWORD", "XDG_DATA_HOME", "HOME"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    static func fail(_ code: Int32, _ message: String) -> Never {
        writeAll(2, Array((message + "\n").utf8))
        exit(code)
    }
}

/// Writes every byte, retrying short writes and EINTR; gives up quietly when the reader is gone.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
    }
}

/// Result lines collected and written in batches.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    mutating func append(_ line: [UInt8]) {
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        if bytes.count >= 64 * 1024 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        writeAll(1, bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
