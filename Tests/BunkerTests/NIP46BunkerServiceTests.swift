import Testing
import Foundation
import NostrCore
@testable import Bunker

/// The bunker's logic without relays: request events in, response events out, state in the store.
@Suite struct NIP46BunkerServiceTests {
    let user = SecretKey.generate()
    let remote = SecretKey.generate()
    let client = SecretKey.generate()

    func makeBunker(_ events: EventStore? = nil, configure: (inout BunkerConfiguration) -> Void = { _ in },
                    consent: (any ConsentPrompt)? = nil, clock: @escaping @Sendable () -> Double = { BunkerService.unixTime() }) async throws -> BunkerService {
        var config = BunkerConfiguration(relays: ["ws://127.0.0.1:1"])
        configure(&config)
        let store = try BunkerStore(try events ?? EventStore(), profile: "default")
        return try await BunkerService(userSigner: LocalSigner(user), remoteSignerKey: remote, store: store,
                                       configuration: config, consent: consent, clock: clock)
    }

    func request(_ method: NIP46Method, _ params: [String] = [], from key: SecretKey? = nil,
                 encryption: NIP46.Encryption = .nip44, createdAt: Int64? = nil) throws -> (NIP46Request, Event) {
        let r = NIP46Request(method: method, params: params)
        let e = try NIP46.event(r.json, from: key ?? client, to: remote.publicKey, encryption: encryption,
                                createdAt: createdAt ?? Int64(BunkerService.unixTime()))
        return (r, e)
    }

    func call(_ bunker: BunkerService, _ method: NIP46Method, _ params: [String] = [], from key: SecretKey? = nil,
              encryption: NIP46.Encryption = .nip44) async throws -> NIP46Response {
        let (r, e) = try request(method, params, from: key, encryption: encryption)
        let reply = try #require(await bunker.handle(e), "no reply to \(method)")
        #expect((reply.tags) == ([["p", (key ?? client).publicKey.hex]]))
        #expect((reply.pubkey) == (remote.publicKey))
        #expect(throws: Never.self) { try reply.verify() }
        let (text, used) = try NIP46.open(reply, with: key ?? client)
        #expect((used) == (encryption), "answered in the request's encryption")
        let response = try NIP46Response(json: text)
        #expect((response.id) == (r.id))
        return response
    }

    func pair(_ bunker: BunkerService, perms: String = "") async throws {
        let secret = try bunker.bunkerURI().secret ?? ""
        let r = try await call(bunker, .connect, [remote.publicKey.hex, secret, perms])
        #expect((r.result) == ("ack"))
        #expect((r.error) == nil)
    }

    @Test func everyMethodAfterPairingBySecret() async throws {
        let bunker = try await makeBunker()
        try await pair(bunker)
        #expect((try await call(bunker, .ping).result) == ("pong"))
        #expect((try await call(bunker, .getPublicKey).result) == (user.publicKey.hex))

        let template = #"{"kind":1,"content":"hello","tags":[["t","x"]],"created_at":1714078911}"#
        let signed = try Event(json: #require(try await call(bunker, .signEvent, [template]).result))
        #expect(throws: Never.self) { try signed.verify() }
        #expect((signed.pubkey) == (user.publicKey))
        #expect((signed.content) == ("hello"))
        #expect((signed.createdAt) == (1714078911))

        let peer = SecretKey.generate()
        for (enc, dec) in [(NIP46Method.nip44Encrypt, NIP46Method.nip44Decrypt), (.nip04Encrypt, .nip04Decrypt)] {
            let c = try #require(try await call(bunker, enc, [peer.publicKey.hex, "secret text"]).result)
            #expect((try await call(bunker, dec, [peer.publicKey.hex, c]).result) == ("secret text"), "\(enc)")
        }
        let relays = try #require(try await call(bunker, .switchRelays).result)
        #expect((try JSONValue.parse(relays)) == (["ws://127.0.0.1:1"]))
        let unknown = try await call(bunker, "create_account")
        #expect((unknown.error) != nil)
        #expect((unknown.result) == nil)

        #expect((try await call(bunker, .logout).result) == ("ack"))
        #expect((try await call(bunker, .ping).error) != nil, "a logged-out client is unpaired")
        #expect((try bunker.store.session(client.publicKey)) == nil)
    }

    @Test func unpairedWrongAndReusedSecret() async throws {
        let bunker = try await makeBunker()
        let unpaired = try await call(bunker, .signEvent, [#"{"kind":1,"content":"x","tags":[]}"#])
        #expect(unpaired.error?.hasPrefix("unauthorized:") ?? false, "\(unpaired)")
        #expect((try await call(bunker, .getPublicKey).error) != nil, "default deny, even for get_public_key")

        let wrong = try await call(bunker, .connect, [remote.publicKey.hex, "not-the-secret"])
        #expect((wrong.error) == ("unauthorized: invalid or already used secret"))

        let secret = try #require(try bunker.bunkerURI().secret)
        #expect((try await call(bunker, .connect, [remote.publicKey.hex, secret]).result) == ("ack"))
        #expect((try bunker.bunkerURI().secret) != (secret), "rotated after use")
        let other = SecretKey.generate()
        let reused = try await call(bunker, .connect, [remote.publicKey.hex, secret], from: other)
        #expect((reused.error) == ("unauthorized: invalid or already used secret"))
        #expect((try bunker.store.session(other.publicKey)) == nil)

        let audit = try bunker.store.auditLog()
        #expect((audit.map(\.method)) == (["sign_event", "get_public_key", "connect", "connect", "connect"]))
        #expect((audit.first?.kind) == (1))
        #expect(audit.first?.decision.hasPrefix("denied") ?? false)
        #expect((audit[3].decision) == ("paired by secret"))
    }

    @Test func permissionRefusalAndNarrowGrants() async throws {
        let bunker = try await makeBunker()
        try await pair(bunker, perms: "sign_event:1,nip44_encrypt")
        #expect((try await call(bunker, .signEvent, [#"{"kind":1,"content":"ok","tags":[]}"#]).result) != nil)
        let refused = try await call(bunker, .signEvent, [#"{"kind":4,"content":"no","tags":[]}"#])
        #expect((refused.error) == ("unauthorized: sign_event:4 is not among this client's permissions"))
        #expect((try await call(bunker, .nip44Decrypt, [user.publicKey.hex, "x"]).error) != nil)
        let wrongAuthor = try await call(bunker, .signEvent, [#"{"kind":1,"content":"x","tags":[],"pubkey":"\#(client.publicKey.hex)"}"#])
        #expect((wrongAuthor.error) != nil)
    }

    @Test func askOnMiss() async throws {
        let always = try await makeBunker(configure: { $0.ask = true }, consent: FixedConsent(.allowAlways))
        try await pair(always, perms: "nip44_encrypt")
        #expect((try await call(always, .signEvent, [#"{"kind":7,"content":"+","tags":[]}"#]).result) != nil)
        #expect(try always.store.session(client.publicKey)?.permissions.allows(.signEvent, kind: 7) ?? false, "allow always is saved")

        let denying = try await makeBunker(configure: { $0.ask = true }, consent: FixedConsent(.deny))
        try await pair(denying, perms: "nip44_encrypt")
        #expect((try await call(denying, .signEvent, [#"{"kind":7,"content":"+","tags":[]}"#]).error) != nil)
        // Without --ask the prompt is never used.
        let noAsk = try await makeBunker(consent: FixedConsent(.allowAlways))
        #expect((try await call(noAsk, .connect, [remote.publicKey.hex, ""]).error) != nil)
    }

    /// A prompt nobody answers: the request is denied when the timeout fires.
    struct SilentConsent: ConsentPrompt {
        func ask(_ question: ConsentQuestion, timeout: Duration) async -> ConsentAnswer {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            return .allowAlways
        }
    }

    @Test func askTimesOut() async throws {
        let bunker = try await makeBunker(configure: { $0.ask = true; $0.consentTimeout = .milliseconds(200) }, consent: SilentConsent())
        try await pair(bunker, perms: "nip44_encrypt")
        let r = try await call(bunker, .signEvent, [#"{"kind":7,"content":"+","tags":[]}"#])
        #expect(r.error == "unauthorized: the person at the bunker refused sign_event:7")
        #expect(try bunker.store.auditLog().last?.decision == "asked: denied")
    }

    @Test func authorizeAndRevokePersistAcrossRestart() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bunker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("events.sqlite").path
        do {
            let bunker = try await makeBunker(try EventStore(path: path))
            try bunker.authorize(client.publicKey, permissions: try NIP46Permissions(parsing: "sign_event:1"))
            #expect((try await call(bunker, .getPublicKey).result) == (user.publicKey.hex))
        }
        let bunker = try await makeBunker(try EventStore(path: path))
        #expect((try await call(bunker, .signEvent, [#"{"kind":1,"content":"after restart","tags":[]}"#]).result) != nil)
        let sessions = try bunker.store.sessions()
        #expect((sessions.map(\.client)) == ([client.publicKey]))
        #expect((sessions.first?.via) == ("authorize"))
        #expect((try bunker.store.auditLog().count) == (2))
        #expect(try bunker.store.revoke(client.publicKey))
        #expect((try await call(bunker, .ping).error) != nil)
    }

    @Test func staleReplayedAndNIP04Requests() async throws {
        let bunker = try await makeBunker()
        try bunker.authorize(client.publicKey)
        let (_, stale) = try request(.ping, createdAt: Int64(BunkerService.unixTime()) - 120)
        let nothing = await bunker.handle(stale)
        #expect((nothing) == nil, "older than a minute")
        let (_, fresh) = try request(.ping)
        let first = await bunker.handle(fresh)
        let again = await bunker.handle(fresh)
        #expect((first) != nil)
        #expect((again) == nil, "seen before")
        #expect((try await call(bunker, .ping, encryption: .nip04).result) == ("pong"))
        let (_, notForUs) = try request(.ping)
        let other = try NIP46.event(NIP46Request(method: .ping).json, from: client, to: SecretKey.generate().publicKey, createdAt: notForUs.createdAt)
        let ignored = await bunker.handle(other)
        #expect((ignored) == nil)
    }

    @Test func rateLimit() async throws {
        let bunker = try await makeBunker(configure: { $0.rateBurst = 3; $0.ratePerSecond = 0.001 })
        try bunker.authorize(client.publicKey)
        for _ in 0..<3 { #expect((try await call(bunker, .ping).result) == ("pong")) }
        let limited = try await call(bunker, .ping)
        #expect((limited.error) == ("rate-limited: too many requests, slow down"))
        #expect((try await call(bunker, .ping, from: SecretKey.generate()).error?.hasPrefix("unauthorized")) == (true), "another client has its own bucket")
        #expect(try bunker.store.auditLog().last?.decision == "denied: unauthorized: this client is not paired with the bunker; connect with its secret")
        #expect(try bunker.store.auditLog(client: client.publicKey).contains { $0.decision == "rate-limited" })
    }

    @Test func nostrConnectFlow() async throws {
        let bunker = try await makeBunker()
        let uri = NostrConnectURI(clientPubkey: client.publicKey, relays: ["ws://127.0.0.1:2"], secret: "s3cr3t",
                                  permissions: try NIP46Permissions(parsing: "sign_event:1"),
                                  metadata: NIP46ClientMetadata(name: "Test App"))
        let response = try bunker.connect(to: uri)
        #expect((response.pubkey) == (remote.publicKey))
        let r = try NIP46Response(json: NIP46.open(response, with: client).message)
        #expect((r.result) == ("s3cr3t"))
        let session = try #require(try bunker.store.session(client.publicKey))
        #expect((session.metadata.name) == ("Test App"))
        #expect((session.via) == ("nostrconnect"))
        #expect((try await call(bunker, .signEvent, [#"{"kind":1,"content":"x","tags":[]}"#]).result) != nil)
        #expect((try await call(bunker, .signEvent, [#"{"kind":3,"content":"x","tags":[]}"#]).error) != nil)
    }

    @Test func rateLimiterRefills() {
        let limiter = RateLimiter<Int>(burst: 2, perSecond: 1)
        #expect(limiter.allow(1, now: 0))
        #expect(limiter.allow(1, now: 0))
        #expect(!(limiter.allow(1, now: 0.5)))
        #expect(limiter.allow(1, now: 1.6))
    }
}
