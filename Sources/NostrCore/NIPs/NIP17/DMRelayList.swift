extension NIP17 {
    /// The kind-10050 list of relays `pubkey` wants DMs delivered to, one `relay` tag each.
    public static func dmRelayList(relays: [String], pubkey: PublicKey, createdAt: Int64 = now()) -> UnsignedEvent {
        var seen = Set<String>()
        let tags: [Tag] = relays.filter { !$0.isEmpty && seen.insert($0).inserted }.map { ["relay", $0] }
        return UnsignedEvent(pubkey: pubkey, createdAt: createdAt, kind: .dmRelayList, tags: tags, content: "")
    }

    /// The relays of a kind-10050 event, in order and without duplicates; empty for any other kind,
    /// which NIP-17 says means "not ready to receive DMs".
    public static func relays(fromDMRelayList event: Event) -> [String] {
        guard event.kind == .dmRelayList else { return [] }
        var seen = Set<String>()
        return event.tagValues("relay").filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
