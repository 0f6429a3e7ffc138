/// A classified payload: a draft to finish, or a reason to stay quiet decided before any lookup.
enum PushClassification: Sendable {
    case draft(PushDraft)
    case suppress(SuppressReason)
}

/// Whose notification an event is, or why it is nobody's.
enum PushOwnership {
    case owned(PushAccount)
    case suppress(SuppressReason)
}

extension PushEnricher {
    /// Decides category, account, title phrasing and body source for an authenticated event.
    func classify(_ e: PushIncoming, account forced: PushAccount?) async throws(PushError) -> PushClassification {
        switch e.kind {
        case .chatMessage where e.wrapped, .fileMessage where e.wrapped:
            return directMessage(e, text: e.kind == .fileMessage ? "📎 File" : e.content, account: forced)
        case .encryptedDirectMessage:
            return try await legacyDirectMessage(e, account: forced)
        case .textNote:
            return note(e, account: forced)
        case .reaction:
            return reaction(e, account: forced)
        case .repost, .genericRepost:
            return repost(e, account: forced)
        case .zapReceipt:
            return try zap(e, account: forced)
        default:
            return .suppress(.unsupportedKind(e.kind.rawValue))
        }
    }

    /// The account an event is for: `forced` (it decrypted the payload), else the first account its
    /// `p` tags name other than the author, else one of `owners` (authors of the referenced notes).
    /// An event only the author's own account is named in is `ownEvent`.
    func owner(_ e: PushIncoming, forced: PushAccount?, owners: () -> [PublicKey] = { [] }) -> PushOwnership {
        if let forced { return .owned(forced) }
        let tagged = accounts(in: e.taggedKeys(checked: false))
        if let a = tagged.first(where: { $0.pubkey != e.author }) { return .owned(a) }
        if let a = accounts(in: owners()).first(where: { $0.pubkey != e.author }) { return .owned(a) }
        if !tagged.isEmpty || account(e.author) != nil { return .suppress(.ownEvent) }
        return .suppress(.notForAccount)
    }

    /// NIP-17 kind 14 (text) or 15 (file) from a gift wrap: the conversation is the participant set.
    func directMessage(_ e: PushIncoming, text: String, account forced: PushAccount?) -> PushClassification {
        let account: PushAccount
        switch owner(e, forced: forced) {
        case let .owned(a): account = a
        case let .suppress(reason): return .suppress(reason)
        }
        var d = PushDraft(account: account, category: .dm, title: .name, body: text,
                          threadID: NIP17.conversationID(of: e.unsigned, knownValid: { $0 == e.author || self.account($0) != nil }), sender: e.author, eventID: e.id,
                          kind: e.kind, createdAt: e.createdAt)
        d.renderMentions = false
        d.muteText = text
        return .draft(d)
    }

    /// NIP-04 kind 4: decrypted with the addressed account's key.
    func legacyDirectMessage(_ e: PushIncoming, account forced: PushAccount?) async throws(PushError) -> PushClassification {
        let account: PushAccount
        switch owner(e, forced: forced) {
        case let .owned(a): account = a
        case let .suppress(reason): return .suppress(reason)
        }
        let text: String
        do { text = try await account.signer.nip04Decrypt(e.content, from: e.author) } catch {
            throw .directMessage("\(error)")
        }
        return directMessage(e, text: text, account: account)
    }

    /// Kind 1: a reply when it answers one of the account's notes (NIP-10), else a mention.
    func note(_ e: PushIncoming, account forced: PushAccount?) -> PushClassification {
        let thread = ThreadID(tags: e.tags)
        var parentNote: Event?
        var rootNote: Event?
        let account: PushAccount
        switch owner(e, forced: forced, owners: {
            parentNote = thread.parent.flatMap(cachedEvent)
            rootNote = thread.root == thread.parent ? parentNote : thread.root.flatMap(cachedEvent)
            return [parentNote?.pubkey, rootNote?.pubkey, thread.parentAuthor].compactMap { $0 }
        }) {
        case let .owned(a): account = a
        case let .suppress(reason): return .suppress(reason)
        }
        let me = account.pubkey
        let isReply: Bool
        if let parent = thread.parent {
            let parentAuthor = thread.parentAuthor ?? (parentNote ?? cachedEvent(parent))?.pubkey
            if let parentAuthor {
                isReply = parentAuthor == me
            } else {
                // Parent unknown: a reply that tags the account without naming it in the text is
                // taken as addressed to it (clients p-tag the author they answer).
                isReply = !Self.mentions(me, in: e.content)
            }
        } else {
            isReply = false
        }
        var d = PushDraft(account: account, category: isReply ? .reply : .mention, title: isReply ? .replied : .mentioned,
                          body: e.content, threadID: thread.threadKey(of: e.id).hex, sender: e.author, eventID: e.id,
                          kind: e.kind, createdAt: e.createdAt)
        d.muteThreads = [thread.root, thread.parent, e.id].compactMap { $0 }
        d.muteText = e.content
        d.hashtags = e.hashtags
        return .draft(d)
    }

    /// Whether `text` has a `nostr:npub…`/`nostr:nprofile…` naming `key`.
    static func mentions(_ key: PublicKey, in text: String) -> Bool {
        var found = false
        _ = PushText.renderMentions(text) { k in
            if k == key { found = true }
            return ""
        }
        return found
    }

    /// Kind 7 (NIP-25): the reacted note is the last `e` tag; its author the last `p` tag.
    func reaction(_ e: PushIncoming, account forced: PushAccount?) -> PushClassification {
        let target = e.taggedEvents.last
        var targetNote: Event?
        let account: PushAccount
        switch owner(e, forced: forced, owners: {
            targetNote = target.flatMap(cachedEvent)
            return [targetNote?.pubkey].compactMap { $0 }
        }) {
        case let .owned(a): account = a
        case let .suppress(reason): return .suppress(reason)
        }
        if targetNote == nil { targetNote = target.flatMap(cachedEvent) }
        let root = targetNote.flatMap { ThreadID(tags: $0.tags).root }
        var d = PushDraft(account: account, category: .reaction, title: .reacted(PushText.reactionEmoji(e.content)),
                          body: targetNote?.content ?? "", threadID: (root ?? target ?? e.id).hex, sender: e.author,
                          eventID: e.id, kind: e.kind, createdAt: e.createdAt)
        d.muteThreads = [root, target, e.id].compactMap { $0 }
        return .draft(d)
    }

    /// Kind 6/16 (NIP-18): the reposted note is embedded in `content` (verified) or named by `e`.
    func repost(_ e: PushIncoming, account forced: PushAccount?) -> PushClassification {
        let embedded = (try? Event(json: e.content)).flatMap { $0.isValid ? $0 : nil }
        let target = embedded?.id ?? e.taggedEvents.first
        var targetNote = embedded
        let account: PushAccount
        switch owner(e, forced: forced, owners: {
            if targetNote == nil { targetNote = target.flatMap(cachedEvent) }
            return [targetNote?.pubkey].compactMap { $0 }
        }) {
        case let .owned(a): account = a
        case let .suppress(reason): return .suppress(reason)
        }
        if targetNote == nil { targetNote = target.flatMap(cachedEvent) }
        let root = targetNote.flatMap { ThreadID(tags: $0.tags).root }
        var d = PushDraft(account: account, category: .repost, title: .reposted, body: targetNote?.content ?? "",
                          threadID: (target ?? e.id).hex, sender: e.author, eventID: e.id, kind: e.kind,
                          createdAt: e.createdAt)
        d.muteThreads = [root, target, e.id].compactMap { $0 }
        return .draft(d)
    }

    /// Kind 9735: validated per NIP-57 Appendix F (receipt signature, description hash, request
    /// signature, request amount = invoice amount); the sender is the zap request's author.
    func zap(_ e: PushIncoming, account forced: PushAccount?) throws(PushError) -> PushClassification {
        // A receipt is only meaningful signed by its LNURL provider, never as a gift-wrapped rumor.
        guard let event = e.event else { return .suppress(.unsupportedKind(e.kind.rawValue)) }
        let receipt: ZapReceipt
        do { receipt = try ZapReceipt(event: event) } catch { throw .invalidZap(error) }
        guard let account = account(receipt.recipient) ?? (forced?.pubkey == receipt.recipient ? forced : nil) else {
            return .suppress(.notForAccount)
        }
        guard receipt.sender != account.pubkey else { return .suppress(.ownEvent) }
        let target = receipt.zappedEventID
        var d = PushDraft(account: account, category: .zap, title: .zapped(sats: receipt.amountMsat / 1000),
                          body: receipt.comment, threadID: (target ?? e.id).hex, sender: receipt.sender, eventID: e.id,
                          kind: e.kind, createdAt: e.createdAt, amountSats: receipt.amountMsat / 1000)
        d.muteThreads = [target].compactMap { $0 }
        d.muteText = receipt.comment
        return .draft(d)
    }
}
