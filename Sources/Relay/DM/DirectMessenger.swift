import Foundation
import NostrCore

/// NIP-17 direct messages over relays: sends each gift wrap to its recipient's kind-10050 relays and
/// fetches, opens and archives the wraps addressed to the signer, so listing works offline.
/// https://github.com/nostr-protocol/nips/blob/master/17.md
public final class DirectMessenger: Sendable {
    /// Who sends and opens.
    public let signer: any Signer
    /// The connections.
    public let pool: RelayPool
    /// The local index: wraps and kind-10050 lists are saved here, opened messages in `archive`.
    public let store: EventStore
    /// The opened messages.
    public let archive: DMArchive

    /// A messenger for `signer` that talks through `pool` and keeps what it learns in `store`.
    public init(signer: any Signer, pool: RelayPool, store: EventStore) throws(StoreError) {
        self.signer = signer
        self.pool = pool
        self.store = store
        archive = try DMArchive(store: store)
    }

    // MARK: Inbox relays (kind 10050)

    /// The kind-10050 relays of each of `users`: from the index, else one query to `lookup` (whose
    /// answers are stored). Users without a usable list are absent from the result.
    public func inboxRelays(of users: [PublicKey], lookup: [RelayURL]) async throws(DMError) -> [PublicKey: [RelayURL]] {
        var found: [PublicKey: [RelayURL]] = [:]
        var missing: [PublicKey] = []
        for user in Self.unique(users) {
            if let list = try latestStored(kind: .dmRelayList, author: user), let relays = Self.relays(of: list) {
                found[user] = relays
            } else {
                missing.append(user)
            }
        }
        guard !missing.isEmpty, !lookup.isEmpty else { return found }
        let result = await pool.query([Filter(authors: missing, kinds: [.dmRelayList])], on: lookup)
        // Newest first: the first list seen per author is the current one.
        for event in result.events where event.kind == .dmRelayList && found[event.pubkey] == nil {
            save(event)
            if let relays = Self.relays(of: event) { found[event.pubkey] = relays }
        }
        return found
    }

    /// Signs and publishes our kind-10050 list naming `inbox`, to `relays` (and stores it).
    public func publishInboxRelays(_ inbox: [RelayURL], to relays: [RelayURL]) async throws(DMError) -> (Event, [PublishOutcome]) {
        let me = try await myKey()
        let event: Event
        do { event = try await signer.sign(NIP17.dmRelayList(relays: inbox.map(\.string), pubkey: me)) } catch {
            throw .signer(error)
        }
        save(event)
        return (event, await pool.publish(event, to: relays))
    }

    // MARK: Sending

    /// Sends a kind-14 message with `text` to `recipients`; see `send(_:relays:)`.
    public func send(_ text: String, to recipients: [PublicKey], subject: String? = nil,
                     relays: [RelayURL] = []) async throws(DMError) -> DMSendReport {
        let me = try await myKey()
        return try await send(NIP17.chatMessage(from: me, to: recipients, content: text, subject: subject), relays: relays)
    }

    /// Wraps `rumor` once per recipient and once for the sender and publishes each wrap to its owner's
    /// kind-10050 relays. `relays` are where lists are looked up when the index has none, and where
    /// a wrap goes when its owner has no list; without them a recipient with no list is an error,
    /// raised before anything is sent. The message is archived as sent, so `messages` shows it at once.
    public func send(_ rumor: UnsignedEvent, relays: [RelayURL] = []) async throws(DMError) -> DMSendReport {
        let me = try await myKey()
        guard rumor.pubkey == me else { throw .notTheAuthor(rumor: rumor.pubkey, signer: me) }
        let recipients = NIP17.recipients(of: rumor).filter { $0 != me }
        guard !recipients.isEmpty else { throw .noRecipients }

        let inboxes = try await inboxRelays(of: recipients + [me], lookup: relays)
        let missing = recipients.filter { inboxes[$0] == nil }
        if !missing.isEmpty && relays.isEmpty { throw .noInboxRelays(missing) }

        let wraps: [(recipient: PublicKey, wrap: Event)]
        do { wraps = try await NIP17.wrapForAll(rumor, signer: signer) } catch { throw .wrap(error) }

        let deliveries = await withTaskGroup(of: (Int, DMDelivery).self) { group in
            for (i, (recipient, wrap)) in wraps.enumerated() {
                let targets = inboxes[recipient] ?? relays
                let pool = self.pool
                group.addTask {
                    let outcomes = targets.isEmpty ? [] : await pool.publish(wrap, to: targets)
                    return (i, DMDelivery(recipient: recipient, wrap: wrap, outcomes: outcomes))
                }
            }
            var out: [(Int, DMDelivery)] = []
            for await d in group { out.append(d) }
            return out.sorted { $0.0 < $1.0 }.map(\.1)
        }

        let message = DirectMessage(rumor: rumor, id: rumor.id)
        let ownWraps = wraps.filter { $0.recipient == me }.map(\.wrap)
        for wrap in ownWraps { save(wrap) }
        do { try archive.add([message], openedWraps: ownWraps.map(\.id), owner: me) } catch { throw .store(error) }
        return DMSendReport(message: message, deliveries: deliveries)
    }

    // MARK: Fetching

    /// Asks `relays` (or, when empty, our own kind-10050 relays) for the gift wraps addressed to us
    /// since the last fetch, opens the new ones and archives the kind-14/15 messages. Throws
    /// `.unreachable` only when no relay answered; per-relay failures are in the report.
    public func fetch(from relays: [RelayURL] = []) async throws(DMError) -> DMFetchReport {
        let me = try await myKey()
        var sources = relays
        if sources.isEmpty { sources = try await inboxRelays(of: [me], lookup: [])[me] ?? [] }
        guard !sources.isEmpty else { throw .noRelays }

        // One query for all relays, from the oldest marker; a relay never fetched from means all history.
        var since: Int64? = nil
        var first = true
        for relay in sources {
            let s: Int64?
            do { s = try archive.since(owner: me, relay: relay.string) } catch { throw .store(error) }
            if first { since = s; first = false } else if let current = since { since = s.map { min($0, current) } }
        }
        let startedAt = Int64(Date().timeIntervalSince1970)
        let filter = Filter(kinds: [.giftWrap], tags: ["p": [me.hex]], since: since)
        let result = await pool.query([filter], on: sources)

        var report = DMFetchReport()
        report.failures = result.failures
        if result.failures.count == Set(sources).count { throw .unreachable(Array(result.failures.values)) }
        let wraps = result.events.filter { NIP59.isGiftWrap($0.kind) }
        report.received = wraps.count

        let seen: Set<EventID>
        do { seen = try archive.opened(wraps.map(\.id), owner: me) } catch { throw .store(error) }
        var messages: [DirectMessage] = []
        var attempted: [EventID] = []
        for wrap in wraps {
            if seen.contains(wrap.id) { report.alreadyOpened += 1; continue }
            attempted.append(wrap.id)
            save(wrap)
            do {
                let gift = try await NIP59.unwrap(wrap, signer: signer)
                guard gift.rumor.kind == .chatMessage || gift.rumor.kind == .fileMessage else { continue }
                messages.append(DirectMessage(rumor: gift.rumor, id: gift.rumorID))
            } catch {
                report.unopenable.append((wrap.id, error))
            }
        }
        do {
            report.newMessages = try archive.add(messages, openedWraps: attempted, owner: me)
            for relay in sources where result.failures[relay] == nil {
                try archive.setFetched(owner: me, relay: relay.string, at: startedAt)
            }
        } catch {
            throw .store(error)
        }
        return report
    }

    /// Our archived messages grouped by conversation, newest conversation first; `with` keeps the
    /// conversations that include every key given.
    public func messages(with: [PublicKey] = []) async throws(DMError) -> [DirectMessage] {
        let me = try await myKey()
        do { return try archive.messages(owner: me, with: with) } catch { throw .store(error) }
    }

    // MARK: Helpers

    private func myKey() async throws(DMError) -> PublicKey {
        do { return try await signer.publicKey() } catch { throw .signer(error) }
    }

    private func latestStored(kind: Kind, author: PublicKey) throws(DMError) -> Event? {
        do { return try store.query([Filter(authors: [author], kinds: [kind], limit: 1)]).first } catch {
            throw .store(error)
        }
    }

    /// Stores `event` in the index; a failure only costs a later re-fetch, so it is not fatal.
    private func save(_ event: Event) {
        _ = try? store.save(event, verified: true)
    }

    /// The usable relay URLs of a kind-10050 event; nil when it lists none (NIP-17: not ready for DMs).
    static func relays(of list: Event) -> [RelayURL]? {
        let urls = unique(NIP17.relays(fromDMRelayList: list).compactMap { try? RelayURL($0) })
        return urls.isEmpty ? nil : urls
    }

    static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}
