import Testing
import Foundation
import NostrCore
import Relay
import Signer
@testable import Bunker

/// Our `RemoteSigner` against our bunker through an in-process `LocalRelay` on 127.0.0.1.
@Suite struct NIP46RelayTests {
    let user = SecretKey.generate()
    let remote = SecretKey.generate()

    struct Setup {
        let relay: LocalRelay
        let service: BunkerService
        let runner: BunkerRunner
        var url: String { relay.url }
    }

    func start(events: EventStore? = nil, relay existing: LocalRelay? = nil,
               configure: (inout BunkerConfiguration) -> Void = { _ in }) async throws -> Setup {
        let relay = try existing ?? LocalRelay(storage: try EventStore())
        var config = BunkerConfiguration(relays: [relay.url])
        configure(&config)
        let store = try BunkerStore(try events ?? EventStore(), profile: "test")
        let service = try await BunkerService(userSigner: LocalSigner(user), remoteSignerKey: remote, store: store, configuration: config)
        let runner = try BunkerRunner(service: service)
        try await runner.start()
        return Setup(relay: relay, service: service, runner: runner)
    }

    func connect(_ s: Setup, secret: String?, perms: String = "", timeout: Duration = .seconds(10)) async throws -> RemoteSigner {
        let uri = BunkerURI(remoteSignerPubkey: remote.publicKey, relays: [s.url], secret: secret)
        return try await RemoteSigner.connect(uri, permissions: try NIP46Permissions(parsing: perms),
                                              metadata: NIP46ClientMetadata(name: "tests"), timeout: timeout)
    }

    @Test func everyMethodThroughTheRelay() async throws {
        let s = try await start()
        defer { s.runner.stop() }
        let signer = try await connect(s, secret: try s.service.bunkerURI().secret)
        #expect(try await signer.publicKey() == user.publicKey)
        #expect(signer.session.remoteSignerPubkey == remote.publicKey)
        try await signer.ping()

        let event = try await signer.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000, kind: 1,
                                                        tags: [["t", "nip46"]], content: "signed remotely"))
        #expect(throws: Never.self) { try event.verify() }
        #expect(event.pubkey == user.publicKey)

        let peer = SecretKey.generate()
        let c44 = try await signer.nip44Encrypt("hello 44", to: peer.publicKey)
        #expect(try NIP44.decrypt(c44, to: peer, from: user.publicKey) == "hello 44")
        #expect(try await signer.nip44Decrypt(c44, from: peer.publicKey) == "hello 44")
        let c04 = try await signer.nip04Encrypt("hello 04", to: peer.publicKey)
        #expect(try await signer.nip04Decrypt(c04, from: peer.publicKey) == "hello 04")
        #expect(try await signer.switchRelays() == nil, "already on the bunker's relays")

        await #expect(throws: SignerError.rejected("unsupported method \"create_account\"")) {
            _ = try await signer.call("create_account")
        }
        try await signer.logout()
        let audit = try s.service.store.auditLog()
        #expect(audit.map(\.method).contains("logout"))
        #expect(try s.service.store.sessions().isEmpty)
    }

    @Test func wrongReusedAndMissingSecret() async throws {
        let s = try await start()
        defer { s.runner.stop() }
        await #expect(throws: SignerError.rejected("unauthorized: invalid or already used secret")) {
            _ = try await connect(s, secret: "wrong")
        }
        await #expect(throws: SignerError.rejected("unauthorized: unknown client; connect with the bunker's secret")) {
            _ = try await connect(s, secret: nil)
        }
        let secret = try s.service.bunkerURI().secret
        _ = try await connect(s, secret: secret)
        await #expect(throws: SignerError.rejected("unauthorized: invalid or already used secret")) {
            _ = try await connect(s, secret: secret)
        }
        #expect(try s.service.store.sessions().count == 1)
    }

    @Test func unpairedClientAndPermissionRefusal() async throws {
        let s = try await start()
        defer { s.runner.stop() }
        // A session nobody paired: the bunker refuses even get_public_key.
        let stranger = try RemoteSigner(session: RemoteSignerSession(clientKey: .generate(), remoteSignerPubkey: remote.publicKey,
                                                                     userPubkey: user.publicKey, relays: [s.url]), timeout: .seconds(10))
        await #expect(throws: SignerError.self) { try await stranger.ping() }

        let narrow = try await connect(s, secret: try s.service.bunkerURI().secret, perms: "sign_event:1")
        _ = try await narrow.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000, kind: 1, content: "ok"))
        await #expect(throws: SignerError.rejected("unauthorized: sign_event:4 is not among this client's permissions")) {
            _ = try await narrow.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000, kind: 4, content: "no"))
        }
        await #expect(throws: SignerError.self) { _ = try await narrow.nip44Decrypt("x", from: user.publicKey) }
    }

    @Test func restartKeepsTheSession() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bunker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("events.sqlite").path
        let relay = try LocalRelay(storage: try EventStore())
        let first = try await start(events: try EventStore(path: path), relay: relay)
        let paired = try await connect(first, secret: try first.service.bunkerURI().secret)
        first.runner.stop()

        let second = try await start(events: try EventStore(path: path), relay: relay)
        defer { second.runner.stop() }
        let again = try RemoteSigner(session: paired.session, timeout: .seconds(10))
        let e = try await again.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000, kind: 1, content: "after restart"))
        #expect(e.content == "after restart")
    }

    @Test func concurrentFirstCallsAllGetAnswers() async throws {
        let s = try await start()
        defer { s.runner.stop() }
        let clientKey = SecretKey.generate()
        try s.service.authorize(clientKey.publicKey)
        let signer = try RemoteSigner(session: RemoteSignerSession(clientKey: clientKey, remoteSignerPubkey: remote.publicKey,
                                                                   userPubkey: user.publicKey, relays: [s.url]), timeout: .seconds(10))
        let user = self.user
        let signed = try await withThrowingTaskGroup(of: Event.self) { group in
            for n in 0..<16 {
                group.addTask { try await signer.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000 + Int64(n), kind: 1, content: "n\(n)")) }
            }
            return try await group.reduce(into: [Event]()) { $0.append($1) }
        }
        #expect(Set(signed.map(\.content)).count == 16)
    }

    @Test func nostrConnectFlow() async throws {
        let s = try await start()
        defer { s.runner.stop() }
        let clientKey = SecretKey.generate()
        let uri = NostrConnectURI(clientPubkey: clientKey.publicKey, relays: [s.url], secret: NIP46.randomToken(),
                                  permissions: try NIP46Permissions(parsing: "sign_event:1"), metadata: NIP46ClientMetadata(name: "nc test"))
        let runner = s.runner
        let signer = try await RemoteSigner.nostrConnect(uri, clientKey: clientKey, timeout: .seconds(10), requestTimeout: .seconds(10),
                                                         onReady: { Task { try await runner.connect(to: uri) } })
        #expect(try await signer.publicKey() == user.publicKey)
        #expect(signer.session.remoteSignerPubkey == remote.publicKey)
        _ = try await signer.sign(UnsignedEvent(pubkey: user.publicKey, createdAt: 1_700_000_000, kind: 1, content: "nc"))
        #expect(try s.service.store.session(clientKey.publicKey)?.metadata.name == "nc test")
    }

    @Test func authURLThenAnswerAndTimeout() async throws {
        let relay = try LocalRelay(storage: try EventStore())
        // A scripted signer: answers every request first with an auth challenge, then with "pong".
        let channel = NIP46Channel(pool: RelayPool(), key: remote.publicKey, relays: [try RelayURL(relay.url)])
        defer { channel.stop() }
        let remote = self.remote
        try await channel.start(author: nil, since: Int64(time(nil)) - 10) { event in
            guard let (text, _) = try? NIP46.open(event, with: remote), let r = try? NIP46Request(json: text) else { return }
            for answer in [NIP46Response.authChallenge(r.id, url: "https://auth.example/approve"), .success(r.id, "pong")] {
                if let e = try? NIP46.event(answer.json, from: remote, to: event.pubkey, createdAt: Int64(time(nil))) {
                    try? await channel.publish(e)
                }
            }
        }
        let shown = ShownURLs()
        let session = RemoteSignerSession(clientKey: .generate(), remoteSignerPubkey: remote.publicKey, userPubkey: user.publicKey, relays: [relay.url])
        let signer = try RemoteSigner(session: session, timeout: .seconds(10), onAuthURL: { shown.add($0) })
        try await signer.ping()
        #expect(shown.urls == ["https://auth.example/approve"])

        // Nobody answers for this key: the short timeout fires and is named.
        let silent = try RemoteSigner(session: RemoteSignerSession(clientKey: .generate(), remoteSignerPubkey: SecretKey.generate().publicKey,
                                                                   userPubkey: user.publicKey, relays: [relay.url]),
                                      timeout: .seconds(1))
        await #expect(throws: SignerError.timedOut(seconds: 1)) { try await silent.ping() }
    }
}

final class ShownURLs: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { $0.append(s) } }
    var urls: [String] { list.withLock { $0 } }
}

import Synchronization
