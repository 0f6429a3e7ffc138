import Glibc
import NostrCore

/// `event`: build and sign an event from flags, or modify piped events; print one JSON line each.
struct EventCommand: Command {
    static let name = "event"
    static let abstract = "Build, sign and print an event (or modify and re-sign piped ones)."
    static let usage = """
        usage: nak-swift event [flags] [RELAY…]

          -k, --kind KIND        kind (default 1)
          -c, --content TEXT     content; @FILE reads it from a file (default: a greeting)
          -t, --tag K=V;V2       tag ["K","V","V2"]; repeatable
          -e ID                  shortcut for -t e=ID (hex, note, nevent); repeatable
          -p PUBKEY              shortcut for -t p=PUBKEY (hex, npub, nprofile); repeatable
          -d ID                  shortcut for -t d=ID
              --ts UNIX          created_at (default now)
              --pow N            mine a NIP-13 nonce for N leading zero bits of the id
              --envelope         print ["EVENT",{…}] instead of the bare event
              --sec KEY          secret key (hex or nsec; or NOSTR_SECRET_KEY)

        Piped events (one JSON per line) are changed by the flags and re-signed only when changed;
        an unmodified signed event is printed as it came.

        examples:
          nak-swift event --sec $SEC -c 'hello' -t t=nostr
          nak-swift event --sec $SEC -k 30023 -d my-article -c @article.md
          echo '{"kind":1,"content":"hi","tags":[]}' | nak-swift event --sec $SEC
          nak-swift event --sec $SEC -c 'hello' nos.lol ws://127.0.0.1:10547   # publish; one line per relay
        """

    static let defaultContent = "hello from nak-swift"
    /// Mining uses every core; the nonce found is the same whatever the count (NIP13.mine).
    static var miningThreads: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    let key: KeyOptions
    let kind: Kind?
    let content: ContentSource?
    let tags: [Tag]
    let timestamp: Int64?
    let pow: Int?
    let envelope: Bool
    let relays: [String]

    /// Where `-c` takes the content from.
    enum ContentSource: Sendable {
        case text(String)
        case file(String)
    }

    init(_ args: inout Arguments) throws(UsageError) {
        key = try KeyOptions(&args)
        kind = try args.option("-k", "--kind", as: Int.self).map { Kind($0) }
        if let kind, kind.rawValue < 0 || kind.rawValue > 65535 {
            throw .invalidValue(flag: "--kind", value: String(kind.rawValue), expected: "a kind between 0 and 65535")
        }
        content = try args.option("-c", "--content").map { c in
            c.hasPrefix("@") && c.count > 1 ? .file(String(c.dropFirst())) : .text(c)
        }
        var tags: [Tag] = []
        for t in try args.options("-t", "--tag") { tags.append(try Self.tag(t)) }
        for s in try args.options("-e") { tags.append(["e", try ParsedInput.eventID(s, flag: "-e").hex]) }
        for s in try args.options("-p") { tags.append(["p", try ParsedInput.publicKey(s, flag: "-p").hex]) }
        for s in try args.options("-d") { tags.append(["d", s]) }
        self.tags = tags
        timestamp = try args.option("--ts", "--created-at").map { s throws(UsageError) in
            try ParsedInput.timestamp(s, flag: "--ts", now: ParsedInput.now)
        }
        pow = try args.option("--pow", as: Int.self)
        if let pow, pow < 0 || pow > 256 { throw .invalidValue(flag: "--pow", value: String(pow), expected: "between 0 and 256") }
        envelope = try args.flag("--envelope")
        relays = args.remainingPositionals()
        try args.expectEnd()
    }

    /// `-t K=V;V2` → `["K","V","V2"]`; `-t K` → `["K"]`.
    static func tag(_ spec: String) throws(UsageError) -> Tag {
        guard let eq = spec.firstIndex(of: "=") else {
            guard !spec.isEmpty else { throw .invalidValue(flag: "--tag", value: spec, expected: "NAME=VALUE;VALUE2…") }
            return Tag([spec])
        }
        let name = String(spec[..<eq])
        guard !name.isEmpty else { throw .invalidValue(flag: "--tag", value: spec, expected: "NAME=VALUE;VALUE2…") }
        let values = spec[spec.index(after: eq)...].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        return Tag([name] + values)
    }

    /// Whether any flag changes an event.
    var modifies: Bool { kind != nil || content != nil || !tags.isEmpty || timestamp != nil || pow != nil }

    func run(_ io: IO) async throws -> ExitCode {
        let resolvedContent: String? = try content.map { source throws(CLIError) in
            switch source {
            case let .text(t): return t
            case let .file(path): return try FileInput.text(path)
            }
        }
        let publishing = relays.isEmpty ? nil : try Publishing(relays: relays, io: io)
        var code = ExitCode.ok
        for try await item in io.jsonItemsOrBlank() {
            let event: Event
            do {
                event = try await build(from: item, content: resolvedContent, io)
            } catch let error as EventInputError {
                io.itemFailed("event: \(error)")
                continue
            }
            emit(event, io)
            if let publishing {
                io.flush()
                let published = await publishing.publish(event, io: io)
                if published != .ok { code = published }
            }
        }
        await publishing?.close()
        return code
    }

    private func emit(_ event: Event, _ io: IO) {
        io.print(envelope ? "[\"EVENT\",\(event.json)]" : event.json)
    }

    /// The event for one input item (nil: no input, build from flags alone).
    private func build(from item: InputItem?, content: String?, _ io: IO) async throws -> Event {
        var draft: EventDraft
        if let item {
            draft = try EventDraft(json: item)
            if let signed = draft.signed, !modifies { return signed }
        } else {
            draft = EventDraft()
        }
        if let kind { draft.kind = kind }
        if let content { draft.content = content }
        draft.tags += tags
        if let timestamp { draft.createdAt = timestamp }
        // Through the Signer, so --sec may also name a remote signer (bunker:// or a stored session).
        let signer = try await key.signer(io, command: "event")
        var unsigned = UnsignedEvent(pubkey: try await signer.publicKey(), createdAt: draft.createdAt ?? ParsedInput.now,
                                     kind: draft.kind ?? .textNote, tags: draft.tags,
                                     content: draft.content ?? Self.defaultContent)
        if let pow, pow > 0 {
            unsigned = NIP13.mine(unsigned, difficulty: pow, threads: Self.miningThreads)
        }
        return try await signer.sign(unsigned)
    }
}
