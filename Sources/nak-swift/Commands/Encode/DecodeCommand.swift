import NostrCore

/// `decode`: a NIP-19 code (or NIP-21 `nostr:` URI) as indented JSON.
struct DecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Decode npub/nsec/note/nprofile/nevent/naddr (nostr: accepted) into indented JSON."
    static let usage = """
        usage: nak-swift decode CODE…   (or codes on stdin lines)

        example:
          nak-swift decode nostr:npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6
        """

    let codes: [String]

    init(_ args: inout Arguments) throws(UsageError) {
        codes = args.remainingPositionals()
        try args.expectEnd()
    }

    func run(_ io: IO) async throws -> ExitCode {
        if !codes.isEmpty {
            for c in codes { decode(c, label: c, io) }
            return .ok
        }
        var any = false
        for await line in io.lines() {
            any = true
            decode(line.text, label: "line \(line.line)", io)
        }
        if !any { throw UsageError.missingArgument("CODE") }
        return .ok
    }

    private func decode(_ text: String, label: String, _ io: IO) {
        let code = ParsedInput.stripURI(text.trimmingSpaces)
        let entity: NIP19Entity
        do { entity = try NIP19.decode(code) } catch {
            // An nsec's text must not reach stderr.
            io.itemFailed("decode: \(code.hasPrefix("nsec") ? "the nsec" : label): \(error)")
            return
        }
        io.print(PrettyJSON.object(Self.fields(entity)))
    }

    /// The entity's fields in a stable order.
    static func fields(_ entity: NIP19Entity) -> [(String, JSONValue)] {
        var f: [(String, JSONValue)] = [("type", .string(entity.prefix))]
        switch entity {
        case let .npub(pk): f.append(("pubkey", .string(pk.hex)))
        case let .nsec(sk): f += [("private_key", .string(sk.hex)), ("pubkey", .string(sk.publicKey.hex))]
        case let .note(id): f.append(("id", .string(id.hex)))
        case let .nprofile(pk, relays): f += [("pubkey", .string(pk.hex)), ("relays", .array(relays.map { .string($0) }))]
        case let .nevent(id, relays, author, kind):
            f.append(("id", .string(id.hex)))
            f.append(("relays", .array(relays.map { .string($0) })))
            if let author { f.append(("author", .string(author.hex))) }
            if let kind { f.append(("kind", .int(Int64(kind.rawValue)))) }
        case let .naddr(identifier, pk, kind, relays):
            f += [("identifier", .string(identifier)), ("pubkey", .string(pk.hex)), ("kind", .int(Int64(kind.rawValue))),
                  ("relays", .array(relays.map { .string($0) }))]
        }
        return f
    }
}
