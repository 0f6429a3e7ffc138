import XCTest
@testable import NostrCore // PeerKeyCache, CachingKeySigner

/// The enricher's per-account memory of long-lived peers: bounded, least recently used first out, and
/// never filled by gift wraps' one-time keys or by seals whose signature fails.
final class PushKeyCacheTests: XCTestCase {
    private func keys(_ k: SecretKey, for account: SecretKey) throws -> PeerKeys {
        let parsed = try ParsedPublicKey(forAgreement: k.publicKey)
        return PeerKeys(parsed: parsed, conversationKey: try NIP44.ConversationKey(secret: account, publicKey: parsed))
    }

    func testTwoGenerationsKeepTheRecentlyUsed() throws {
        let me = SecretKey.generate()
        let (a, b, c, d) = (SecretKey.generate(), SecretKey.generate(), SecretKey.generate(), SecretKey.generate())
        var cache = PeerKeyCache(capacity: 4)
        for k in [a, b, c] { cache.insert(k.publicKey, try keys(k, for: me)) }
        XCTAssertNotNil(cache.get(a.publicKey), "a moves back to the recent generation")
        cache.insert(d.publicKey, try keys(d, for: me))
        XCTAssertNil(cache.get(b.publicKey), "b, unused for longest, is gone")
        for k in [a, c, d] { XCTAssertNotNil(cache.get(k.publicKey)) }
        XCTAssertLessThanOrEqual(cache.count, 4)
        // Whatever the traffic, never more than the capacity.
        for _ in 0..<50 {
            let k = SecretKey.generate()
            cache.insert(k.publicKey, try keys(k, for: me))
            XCTAssertLessThanOrEqual(cache.count, 4)
        }
    }

    /// 40 FCM gift-wrapped DMs from 3 senders: the account remembers the push server and the 3 senders,
    /// not the 40 one-time keys, and every DM is still opened and verified.
    func testOneTimeKeysAreNotRemembered() async throws {
        let f = try PushFixtures()
        let enricher = f.enricher()
        let senders = [f.bob, f.carol, f.dave]
        for i in 0..<40 {
            let wrap = try await f.dm("hi \(i)", from: senders[i % 3], to: f.alice.publicKey)
            let n = try await PushFixtures.run(enricher, try f.fcm(wrap, to: f.alice.publicKey))
            XCTAssertEqual(n.body, "hi \(i)")
            XCTAssertEqual(n.sender.pubkey, senders[i % 3].publicKey)
        }
        let remembered = try XCTUnwrap(enricher.accounts.first?.local).rememberedPeers
        XCTAssertEqual(remembered, 4, "the server and three senders")
    }

    /// A seal whose signature fails is an error, and its signer is not remembered.
    func testABadSealLeavesNoTrace() async throws {
        let f = try PushFixtures()
        let enricher = f.enricher()
        let mallory = SecretKey.generate()
        let rumor = UnsignedEvent(pubkey: mallory.publicKey, createdAt: PushFixtures.now, kind: .chatMessage,
                                  tags: [["p", f.alice.publicKey.hex]], content: "hi")
        let seal = try await NIP59.seal(rumor, to: f.alice.publicKey, signer: LocalSigner(mallory))
        let badSeal = Event(id: seal.id, pubkey: seal.pubkey, createdAt: seal.createdAt, kind: .seal, tags: [],
                            content: seal.content, sig: [UInt8](repeating: 1, count: 64))
        let wrap = try NIP59.wrap(badSeal, to: f.alice.publicKey)
        guard case .error(.giftWrap(.sealSignature)) = await enricher.enrich(wrap.jsonBytes) else {
            return XCTFail("a bad seal signature must be an error")
        }
        let local = try XCTUnwrap(enricher.accounts.first?.local)
        XCTAssertNil(local.cached(mallory.publicKey))
        XCTAssertEqual(local.rememberedPeers, 0)
        // The same sender's good seal opens and is remembered afterwards.
        let good = try NIP59.wrap(seal, to: f.alice.publicKey)
        _ = try await PushFixtures.run(enricher, good.jsonBytes)
        XCTAssertNotNil(local.cached(mallory.publicKey))
    }
}
