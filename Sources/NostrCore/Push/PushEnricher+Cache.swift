extension PushEnricher {
    /// A stored event by id, verified again (nothing unverified reaches a notification).
    func cachedEvent(_ id: EventID) -> Event? {
        guard let cache, let e = try? cache.event(id: id), e.isValid else { return nil }
        return e
    }

    /// The sender's profile from the memo or the store; with `fetch`, a miss asks `fetchMissing`.
    func profile(_ key: PublicKey, now: Int64, fetch: Bool) async -> PushProfile? {
        if let hit = memoProfile(key, now: now) { return hit }
        if let stored = storedProfile(key) {
            remember(key, stored, now: now)
            return stored
        }
        guard fetch, let fetchMissing = options.fetchMissing else {
            remember(key, nil, now: now)
            return nil
        }
        let found = await fetchMissing([Filter(authors: [key], kinds: [.metadata], limit: 1)])
            .filter { $0.pubkey == key && $0.kind == .metadata && $0.isValid }
            .max { $0.createdAt < $1.createdAt }
        let profile = found.map(PushProfile.init(metadata:))
        remember(key, profile, now: now)
        return profile
    }

    /// The profile from memo or store only (for @names in bodies: no network per mention).
    func cachedProfile(_ key: PublicKey, now: Int64) -> PushProfile? {
        if let hit = memoProfile(key, now: now) { return hit }
        let stored = storedProfile(key)
        remember(key, stored, now: now)
        return stored
    }

    /// nil: not memoised (or stale); `.some(nil)`: known to have no profile.
    private func memoProfile(_ key: PublicKey, now: Int64) -> PushProfile?? {
        state.withLock { s -> PushProfile?? in
            guard let c = s.profiles[key], now - c.at < options.cacheTTL else { return nil }
            return .some(c.value)
        }
    }

    private func storedProfile(_ key: PublicKey) -> PushProfile? {
        guard let cache, let e = try? cache.query([Filter(authors: [key], kinds: [.metadata], limit: 1)]).first else { return nil }
        return PushProfile(metadata: e)
    }

    private func remember(_ key: PublicKey, _ profile: PushProfile?, now: Int64) {
        state.withLock { s in
            if s.profiles.count >= Self.memoCapacity { s.profiles.removeAll(keepingCapacity: true) }
            s.profiles[key] = Cached(value: profile, at: now)
        }
    }

    /// The account's kind 10000 mute list from the store, private items decrypted (NIP-44, or NIP-04
    /// for older lists), memoised for `cacheTTL`.
    func muteList(for account: PushAccount, now: Int64) async -> MuteList {
        if let hit = state.withLock({ s -> MuteList? in
            guard let c = s.mutes[account.pubkey], now - c.at < options.cacheTTL else { return nil }
            return c.value
        }) { return hit }
        var list = MuteList()
        if let cache, let e = try? cache.query([Filter(authors: [account.pubkey], kinds: [.muteList], limit: 1)]).first {
            var hidden: [Tag] = []
            if !e.content.isEmpty {
                let text: String? = NIP04.isNIP04Payload(e.content)
                    ? try? await account.signer.nip04Decrypt(e.content, from: account.pubkey)
                    : await account.nip44Decrypt(e.content, from: account.pubkey)
                hidden = text.map(MuteList.privateTags(fromDecrypted:)) ?? []
            }
            list = MuteList(event: e, privateTags: hidden)
        }
        let value = list
        state.withLock { s in
            if s.mutes.count >= Self.memoCapacity { s.mutes.removeAll(keepingCapacity: true) }
            s.mutes[account.pubkey] = Cached(value: value, at: now)
        }
        return list
    }
}
