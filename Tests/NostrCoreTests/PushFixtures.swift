import NostrCore
import XCTest

/// Keys, a cache and payload builders for the push enricher tests: everything made from generated keys.
struct PushFixtures {
    static let now: Int64 = 1_700_000_000

    let alice = SecretKey.generate()   // the account being notified
    let bob = SecretKey.generate()     // a sender with a profile
    let carol = SecretKey.generate()   // another sender (name only)
    let dave = SecretKey.generate()    // a sender without a profile
    let server = SecretKey.generate()  // the push server that encrypts FCM payloads
    let store: EventStore

    init() throws {
        store = try EventStore()
        try save(profile(bob, json: #"{"name":"bob","display_name":"Bob","picture":"https://example.com/bob.png"}"#))
        try save(profile(carol, json: #"{"name":"carol","picture":"javascript:alert(1)"}"#))
    }

    func options(maxAge: Int64? = nil, fetch: (@Sendable ([Filter]) async -> [Event])? = nil) -> PushOptions {
        PushOptions(maxAge: maxAge, clock: { PushFixtures.now }, fetchMissing: fetch)
    }

    func enricher(_ accounts: [SecretKey]? = nil, maxAge: Int64? = nil,
                  fetch: (@Sendable ([Filter]) async -> [Event])? = nil) -> PushEnricher {
        PushEnricher(accounts: accounts ?? [alice], cache: store, options: options(maxAge: maxAge, fetch: fetch))
    }

    func save(_ e: Event) throws { _ = try store.save(e) }

    func sign(_ key: SecretKey, kind: Kind, tags: [Tag] = [], content: String, at: Int64 = now - 10) throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: at, kind: kind, tags: tags, content: content).sign(with: key)
    }

    func profile(_ key: SecretKey, json: String) throws -> Event { try sign(key, kind: .metadata, content: json, at: Self.now - 1000) }

    /// A note by alice, stored in the cache.
    func aliceNote(_ text: String = "my note about swift") throws -> Event {
        let note = try sign(alice, kind: .textNote, content: text, at: Self.now - 500)
        try save(note)
        return note
    }

    // MARK: payload shapes

    func apns(_ event: Event, asString: Bool = false) -> [UInt8] {
        var out = Array(#"{"aps":{"alert":{"title":"x","body":"y"},"mutable-content":1},"nostr_event":"#.utf8)
        if asString { JSONWriter.appendString(event.json, to: &out) } else { out += event.jsonBytes }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `{"encryptedEvent": WRAP}`: a kind 1059 with no `p` tag, content NIP-44(inner event JSON) to `to`.
    func fcm(_ inner: Event, to: PublicKey, asString: Bool = false) throws -> [UInt8] {
        let content = try NIP44.encrypt(inner.json, from: server, to: to)
        let wrap = try sign(server, kind: .giftWrap, content: content)
        var out = Array(#"{"encryptedEvent":"#.utf8)
        if asString { JSONWriter.appendString(wrap.json, to: &out) } else { out += wrap.jsonBytes }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A NIP-17 DM (kind 14) from `from` to `to`, gift-wrapped for `to`.
    func dm(_ text: String, from: SecretKey, to: PublicKey, extraRecipients: [PublicKey] = []) async throws -> Event {
        let tags = ([to] + extraRecipients).map { Tag(["p", $0.hex]) }
        let rumor = UnsignedEvent(pubkey: from.publicKey, createdAt: Self.now - 5, kind: .chatMessage, tags: tags, content: text)
        return try await NIP59.giftWrap(rumor, to: to, signer: LocalSigner(from))
    }

    static func run(_ enricher: PushEnricher, _ payload: [UInt8], file: StaticString = #filePath,
                    line: UInt = #line) async throws -> PushNotification {
        let result = await enricher.enrich(payload)
        guard case let .notify(n) = result else {
            XCTFail("expected a notification, got \(result.json)", file: file, line: line)
            throw NoNotification(result: result.json)
        }
        return n
    }
}

/// A signer that only knows a public key: lets tests notify for keys whose secret they lack (corpus zaps).
struct WatchOnlySigner: Signer {
    let key: PublicKey
    func publicKey() async throws(SignerError) -> PublicKey { key }
    func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event { throw .rejected("watch-only") }
    func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String { throw .rejected("watch-only") }
    func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String { throw .rejected("watch-only") }
    func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String { throw .rejected("watch-only") }
    func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String { throw .rejected("watch-only") }
}

/// Thrown after a failed expectation so the test stops there.
struct NoNotification: Error { let result: String }
