extension PushEnricher {
    /// Opens an FCM `encryptedEvent`: a kind 1059 whose content is NIP-44 encrypted to one of the
    /// accounts (no seal inside). Tries each account's key; the first that decrypts owns the payload.
    ///
    /// The wrap's signature is not checked: anyone can encrypt to an account, so a signature by an
    /// unpinned key would vouch for nothing. The layer only carries the inner event, which is
    /// verified like any other (and a gift wrap inside is checked layer by layer) before it is shown.
    /// That saves one of the four secp256k1 operations a gift-wrapped DM costs.
    func openFCM(_ wrap: Event) async throws(PushError) -> (Event, PushAccount) {
        guard NIP59.isGiftWrap(wrap.kind) else {
            throw .unrecognizedPayload("encryptedEvent is kind \(wrap.kind.rawValue), expected 1059")
        }
        for account in accounts {
            guard let inner = await account.nip44DecryptBytes(wrap.content, from: wrap.pubkey) else { continue }
            do { return (try Event(json: inner), account) } catch { throw .invalidInnerEvent(error) }
        }
        throw .notDecryptable
    }

    /// Opens a NIP-59 gift wrap (every layer checked by `NIP59.unwrap`), trying `preferred`, then the
    /// accounts its `p` tags name, then the rest. Only "not for this key" moves on to the next account.
    func unwrap(_ wrap: Event, account preferred: PushAccount?) async throws(PushError) -> (UnwrappedGift, PushAccount) {
        var order: [PushAccount] = []
        if let preferred { order.append(preferred) }
        for key in PushIncoming(verified: wrap).taggedKeys(checked: false) { if let a = account(key) { order.append(a) } }
        order += accounts
        var tried = Set<PublicKey>()
        var last: NIP59Error = .decryptWrap(.decryption("no account key"))
        for account in order where tried.insert(account.pubkey).inserted {
            do {
                if let local = account.local {
                    var recipient = LocalGiftRecipient(account: local)
                    return (try await NIP59.unwrap(wrap, recipient: &recipient), account)
                }
                return (try await NIP59.unwrap(wrap, signer: account.signer), account)
            } catch {
                guard case .decryptWrap = error else { throw .giftWrap(error) }
                last = error
            }
        }
        throw .giftWrap(last)
    }

    /// A kind 23903 wake-up: the named event (`e`) is looked up in the cache, then through
    /// `fetchMissing`, and enriched as if it had been pushed; when it cannot be found the wake-up
    /// itself becomes a `wake` notification. `p` names the event's author, `k` its kind.
    func wake(_ event: Event, account forced: PushAccount?, depth: Int) async throws(PushError) -> PushResult {
        let incoming = PushIncoming(verified: event)
        guard let target = incoming.taggedEvents.first else {
            throw .unrecognizedPayload("the wake-up event (kind 23903) has no valid e tag")
        }
        let tagged = incoming.taggedKeys(checked: true)
        let owner = forced ?? accounts(in: tagged).first ?? (accounts.count == 1 ? accounts.first : nil)
        guard let owner else { return .suppress(.notForAccount) }
        if depth == 0, let found = await lookUpEvent(target) {
            return try await handle(found, account: owner, depth: depth + 1)
        }
        let kind = event.firstTagValue("k").flatMap { Int($0) }.map(Kind.init(rawValue:)) ?? event.kind
        let sender = tagged.first { $0 != owner.pubkey } ?? event.pubkey
        let draft = PushDraft(account: owner, category: .wake, title: .wake, body: "", threadID: target.hex,
                              sender: sender, eventID: target, kind: kind, createdAt: event.createdAt,
                              muteThreads: [target])
        return await finish(.draft(draft))
    }

    /// A verified event by id from the cache, else from `fetchMissing`; nil when neither has it.
    func lookUpEvent(_ id: EventID) async -> Event? {
        if let cache, let e = try? cache.event(id: id), (try? e.verify()) != nil { return e }
        guard let fetch = options.fetchMissing else { return nil }
        return await fetch([Filter(ids: [id], limit: 1)]).first { $0.id == id && $0.isValid }
    }
}
