/// NIP-10 threading of a kind 1 note: the thread root and the note it replies to, from its `e` tags.
/// https://github.com/nostr-protocol/nips/blob/master/10.md
public struct ThreadID: Sendable, Hashable {
    /// The thread's root note, when the note is a reply.
    public let root: EventID?
    /// The note this one replies to directly (the root for a top-level reply).
    public let parent: EventID?
    /// The root's author, from the `e` tag's pubkey field when present.
    public let rootAuthor: PublicKey?
    /// The parent's author, from the `e` tag's pubkey field when present.
    public let parentAuthor: PublicKey?

    /// Reads marked `e` tags (`root`, `reply`); without markers, the deprecated positional form
    /// (first = root, last = reply, the rest mentions). Unparseable ids are skipped.
    public init(tags: [Tag]) {
        typealias Ref = (id: EventID, author: PublicKey?, marker: String?)
        var refs: [Ref] = []
        for tag in tags where tag.name == "e" {
            guard let hex = tag.value, let id = try? EventID(hex: hex.lowercased()) else { continue }
            let author = tag[4].flatMap { try? PublicKey(hex: $0.lowercased()) }
            let marker = tag[3].flatMap { $0.isEmpty ? nil : $0 }
            refs.append((id, author, marker))
        }
        if refs.contains(where: { $0.marker == "root" || $0.marker == "reply" }) {
            // "Marked e tags (preferred)": a reply to the root itself carries only "root".
            let root = refs.first { $0.marker == "root" }
            let reply = refs.first { $0.marker == "reply" } ?? root
            self.root = root?.id ?? reply?.id
            self.rootAuthor = root?.author ?? (root == nil ? reply?.author : nil)
            parent = reply?.id
            parentAuthor = reply?.author
        } else if let first = refs.first, let last = refs.last {
            // "Positional e tags (DEPRECATED)": only mention-marked tags are left here, which
            // NIP-10 says are not replies; plain positional tags are.
            let positional = refs.filter { $0.marker == nil }
            let r = positional.first ?? first
            let p = positional.last ?? last
            if positional.isEmpty {
                root = nil; parent = nil; rootAuthor = nil; parentAuthor = nil
            } else {
                root = r.id; rootAuthor = r.author; parent = p.id; parentAuthor = p.author
            }
        } else {
            root = nil; parent = nil; rootAuthor = nil; parentAuthor = nil
        }
    }

    /// The id a notification groups under: the root, else the note itself.
    public func threadKey(of id: EventID) -> EventID { root ?? id }

    /// Whether the note replies to anything.
    public var isReply: Bool { parent != nil }
}
