/// The newest version of each replaceable or addressable event that an import holds more than once.
///
/// Written one by one, a contact list republished five times is five times its hundreds of tag rows
/// inserted and four times deleted again; that churn, not verification, bounded an import. Knowing the
/// newest version of every address up front, an import skips the older ones ("superseded"), and verifies
/// nothing it will not write. The store ends as a one-by-one import leaves it whenever the newest version
/// is kept: NIP-01 keeps only the newest, so the older ones would have been replaced by it (or refused as
/// older) anyway. Where the newest is not kept (a bad signature, expired, an older-than-stored or deleted
/// address), the importer replays the skipped versions at the end (`EventStore.replaySuperseded`).
///
/// NIP-09 requests are the one way a later line changes the fate of an earlier one, so the addresses of
/// an author with a deletion request in the import are never skipped (a request only acts on its
/// author's own events).
struct NewestVersions: Sendable {
    /// A replaceable event's address: kind and author, plus the `d` tag for addressable kinds.
    struct Address: Hashable, Sendable {
        let kind: Int
        let pubkey: PublicKey
        let d: String
    }

    /// One version's place in NIP-01 order.
    struct Version: Sendable {
        let createdAt: Int64
        let id: EventID

        /// NIP-01: the newer one wins; on equal `created_at` the lowest id.
        func isNewer(than other: Version) -> Bool {
            createdAt != other.createdAt ? createdAt > other.createdAt : id < other.id
        }
    }

    /// What one input line tells the plan.
    enum Entry: Sendable {
        case version(Address, Version)
        case deleter(PublicKey)
    }

    private var newest: [Address: (version: Version, count: Int)] = [:]
    private var deleters: Set<PublicKey> = []

    /// Whether no version can be skipped.
    var isEmpty: Bool { newest.isEmpty }

    /// The entry for one JSONL line, nil for lines that neither are a version nor a deletion request.
    ///
    /// Reads the fields as `Event(json:)` does and accepts exactly the lines it accepts (a deletion request
    /// missed here would be unsafe), without copying the line or building an `Event`. Reading stops at a
    /// kind that is neither (most lines): the rest of the line cannot change it, so the tags and content,
    /// the bulk of the bytes, are not scanned twice.
    static func entry(_ line: [UInt8]) -> Entry? {
        line.withUnsafeBufferPointer { buf -> Entry? in
            var c = JSONCursor(buf)
            guard let f = try? EventParser.readFields(&c, until: { !Self.concernsThePlan($0) }), !f.stoppedAtKind,
                  (try? c.expectEnd()) != nil,
                  let id = f.id, let pubkey = f.pubkey, let createdAt = f.createdAt, let kind = f.kind,
                  let tags = f.tagsRange, f.content != nil, f.sig != nil else { return nil }
            if kind == .deletion { return .deleter(pubkey) }
            let d: String
            if kind.isAddressable {
                var t = JSONCursor(UnsafeBufferPointer(rebasing: buf[tags]))
                d = (try? EventParser.decodeTags(&t))?.first { $0.name == "d" }?.value ?? ""
            } else if kind.isReplaceable {
                d = ""
            } else {
                return nil
            }
            return .version(Address(kind: kind.rawValue, pubkey: pubkey, d: d), Version(createdAt: createdAt, id: id))
        }
    }

    /// Whether an event of `kind` is a version (replaceable, addressable) or a deletion request.
    static func concernsThePlan(_ kind: Kind) -> Bool {
        kind == .deletion || kind.isReplaceable || kind.isAddressable
    }

    /// The address of a replaceable or addressable event, nil for other kinds.
    static func address(of e: Event) -> Address? {
        if e.kind.isAddressable { return Address(kind: e.kind.rawValue, pubkey: e.pubkey, d: EventStore.dTag(of: e)) }
        if e.kind.isReplaceable { return Address(kind: e.kind.rawValue, pubkey: e.pubkey, d: "") }
        return nil
    }

    mutating func add(_ entry: Entry) {
        switch entry {
        case let .deleter(pubkey):
            deleters.insert(pubkey)
        case let .version(a, v):
            if let old = newest[a] {
                newest[a] = (v.isNewer(than: old.version) ? v : old.version, old.count + 1)
            } else {
                newest[a] = (v, 1)
            }
        }
    }

    /// Keeps only what can be skipped: addresses with more than one version and no deletion request by their author.
    func finished() -> NewestVersions {
        var out = NewestVersions()
        out.newest = newest.filter { $0.value.count > 1 && !deleters.contains($0.key.pubkey) }
        return out
    }

    /// The newest version the import holds for `address`.
    func newest(of address: Address) -> Version? { newest[address]?.version }

    /// The address of `event` when a newer version of it is in the import; nil when it must be written.
    func supersededAddress(of event: Event) -> Address? {
        guard let a = Self.address(of: event), let w = newest[a]?.version else { return nil }
        return w.isNewer(than: Version(createdAt: event.createdAt, id: event.id)) ? a : nil
    }
}
