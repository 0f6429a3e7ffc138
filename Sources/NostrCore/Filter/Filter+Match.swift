extension Filter {
    /// Whether `event` passes every present field (NIP-01; `since`/`until` inclusive).
    public func matches(_ event: Event) -> Bool {
        if let since, event.createdAt < since { return false }
        if let until, event.createdAt > until { return false }
        if let kinds, !kinds.contains(event.kind) { return false }
        if let authors, !authors.contains(event.pubkey) { return false }
        if let ids, !ids.contains(event.id) { return false }
        for (name, values) in tags {
            // Byte for byte, as relays and `EventStore` compare values: String's `==` would call "é" and
            // "e" + U+0301 equal.
            let hit = event.tags.contains { tag in
                tag.fields.count > 1 && tag.fields[0].utf8.elementsEqual(name.utf8)
                    && values.contains { $0.utf8.elementsEqual(tag.fields[1].utf8) }
            }
            if !hit { return false }
        }
        if let search, !search.isEmpty, !event.content.lowercased().contains(search.lowercased()) { return false }
        return true
    }
}
