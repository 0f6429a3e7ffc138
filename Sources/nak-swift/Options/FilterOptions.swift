import NostrCore

/// The filter flags shared by `filter`, `req` and `count`:
/// `-i ID -a PUBKEY -k KIND -t K=V -e ID -p PUBKEY -d ID -s SINCE -u UNTIL -l LIMIT --search Q`.
struct FilterOptions: Sendable {
    /// The flags' usage lines, for commands to include in their `usage`.
    static let help = """
          -i, --id ID            event id (hex, note, nevent); repeatable
          -a, --author PUBKEY    author (hex, npub, nprofile); repeatable
          -k, --kind KIND        kind; repeatable
          -t, --tag K=V          tag K with value V (single-letter K); repeatable
          -e ID                  shortcut for -t e=ID
          -p PUBKEY              shortcut for -t p=PUBKEY
          -d ID                  shortcut for -t d=ID
          -s, --since UNIX       created at or after (unix seconds or 'now')
          -u, --until UNIX       created at or before (unix seconds or 'now')
          -l, --limit N          at most N events
              --search Q         NIP-50 search text
        """

    /// The filter the flags describe (an empty filter matches everything).
    let filter: Filter

    /// Takes the filter flags out of `args`.
    init(_ args: inout Arguments) throws(UsageError) {
        let now = ParsedInput.now
        var ids: [EventID] = []
        for s in try args.options("-i", "--id") { ids.append(try ParsedInput.eventID(s, flag: "--id")) }
        var authors: [PublicKey] = []
        for s in try args.options("-a", "--author") { authors.append(try ParsedInput.publicKey(s, flag: "--author")) }
        let kinds = try args.options("-k", "--kind", as: Int.self).map { Kind($0) }
        var tags: [String: [String]] = [:]
        var tagOrder: [String] = []
        func add(_ name: String, _ value: String) {
            if tags[name] == nil { tagOrder.append(name) }
            tags[name, default: []].append(value)
        }
        for t in try args.options("-t", "--tag") {
            guard let eq = t.firstIndex(of: "="), eq != t.startIndex else {
                throw .invalidValue(flag: "--tag", value: t, expected: "NAME=VALUE")
            }
            add(String(t[..<eq]), String(t[t.index(after: eq)...]))
        }
        for s in try args.options("-e") { add("e", try ParsedInput.eventID(s, flag: "-e").hex) }
        for s in try args.options("-p") { add("p", try ParsedInput.publicKey(s, flag: "-p").hex) }
        for s in try args.options("-d") { add("d", s) }
        let since = try args.option("-s", "--since").map { s throws(UsageError) in try ParsedInput.timestamp(s, flag: "--since", now: now) }
        let until = try args.option("-u", "--until").map { s throws(UsageError) in try ParsedInput.timestamp(s, flag: "--until", now: now) }
        let limit = try args.option("-l", "--limit", as: Int.self)
        if let limit, limit < 0 { throw .invalidValue(flag: "--limit", value: String(limit), expected: "a non-negative integer") }
        let search = try args.option("--search")
        filter = Filter(ids: ids.isEmpty ? nil : ids, authors: authors.isEmpty ? nil : authors,
                        kinds: kinds.isEmpty ? nil : kinds,
                        tags: tagOrder.reduce(into: [:]) { $0[$1] = tags[$1] },
                        since: since, until: until, limit: limit, search: search)
    }
}
