extension PushEnricher {
    /// Applies the suppression checks in order (own event, duplicate, age, mute list), then names the
    /// sender and shapes title and body.
    func finish(_ classification: PushClassification) async -> PushResult {
        let d: PushDraft
        switch classification {
        case let .draft(draft): d = draft
        case let .suppress(reason): return .suppress(reason)
        }
        if d.sender == d.account.pubkey { return .suppress(.ownEvent) }
        let key = Self.dedupeKey(d.eventID, account: d.account.pubkey)
        guard state.withLock({ $0.seen.insert(key) }) else { return .suppress(.duplicate) }
        let now = options.clock()
        if let maxAge = options.maxAge, d.createdAt < now - maxAge { return .suppress(.tooOld) }
        if let reason = await muteList(for: d.account, now: now)
            .reason(author: d.sender, threads: d.muteThreads, text: d.muteText, hashtags: d.hashtags) {
            return .suppress(reason)
        }

        let profile = await profile(d.sender, now: now, fetch: true)
        let name = profile?.name ?? PushProfile.shortName(d.sender)
        var body = d.body
        if d.renderMentions {
            body = PushText.renderMentions(body) { key in
                self.cachedProfile(key, now: now)?.name ?? PushProfile.shortName(key)
            }
        }
        return .notify(PushNotification(
            account: d.account.pubkey, category: d.category, title: d.title.text(name),
            body: PushText.truncate(body, to: options.bodyLimit), threadID: d.threadID,
            sender: .init(pubkey: d.sender, name: name, picture: profile?.picture),
            eventID: d.eventID, kind: d.kind, createdAt: d.createdAt, amountSats: d.amountSats))
    }

    /// One id per (account, event): the same event pushed to two accounts on one device shows for each.
    static func dedupeKey(_ id: EventID, account: PublicKey) -> EventID {
        var bytes = account.bytes
        bytes.append(contentsOf: id.bytes)
        return SHA256.hash(bytes).withUnsafeBytes { EventID(raw: $0) }
    }
}
