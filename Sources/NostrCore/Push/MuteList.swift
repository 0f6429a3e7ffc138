/// NIP-51 mute list (kind 10000): muted pubkeys, threads, hashtags and words, public tags plus the
/// private items encrypted to the owner in `content`. https://github.com/nostr-protocol/nips/blob/master/51.md
public struct MuteList: Sendable, Hashable {
    /// Muted authors (`p`).
    public var pubkeys: Set<PublicKey> = []
    /// Muted threads (`e`).
    public var threads: Set<EventID> = []
    /// Muted hashtags (`t`), lower-cased, without `#`.
    public var hashtags: Set<String> = []
    /// Muted words (`word`), lower-cased.
    public var words: [String] = []

    /// An empty list.
    public init() {}

    /// The list from a kind 10000 event's public tags and, when `privateTags` is given (the owner's
    /// decrypted `content`), its private items too.
    public init(event: Event, privateTags: [Tag] = []) {
        for tag in event.tags + privateTags { add(tag) }
    }

    /// The private items from a decrypted `content`: a JSON array of tags (NIP-51 "Encryption process").
    public static func privateTags(fromDecrypted text: String) -> [Tag] {
        guard let items = (try? JSONValue.parse(text))?.arrayValue else { return [] }
        return items.compactMap { item in
            guard let fields = item.arrayValue?.compactMap(\.stringValue), fields.count >= 2 else { return nil }
            return Tag(fields)
        }
    }

    private mutating func add(_ tag: Tag) {
        guard let value = tag.value, !value.isEmpty else { return }
        switch tag.name {
        case "p": if let k = try? PublicKey(hex: value.lowercased()) { pubkeys.insert(k) }
        case "e": if let id = try? EventID(hex: value.lowercased()) { threads.insert(id) }
        case "t": hashtags.insert(value.lowercased().trimmingPrefix("#").description)
        case "word": words.append(value.lowercased())
        default: break
        }
    }

    /// Whether nothing is muted.
    public var isEmpty: Bool { pubkeys.isEmpty && threads.isEmpty && hashtags.isEmpty && words.isEmpty }

    /// Why a message with these parts is muted, or nil. `threads` are the ids it belongs to (root,
    /// parent, reacted note); `text` is matched against muted words case-insensitively.
    public func reason(author: PublicKey, threads ids: [EventID], text: String, hashtags tags: [String]) -> SuppressReason? {
        if pubkeys.contains(author) { return .mutedAuthor }
        if ids.contains(where: threads.contains) { return .mutedThread }
        if !hashtags.isEmpty, tags.contains(where: { hashtags.contains($0.lowercased()) }) { return .mutedWord }
        if !words.isEmpty {
            let lower = text.lowercased()
            if words.contains(where: { lower.contains($0) }) { return .mutedWord }
        }
        return nil
    }
}
