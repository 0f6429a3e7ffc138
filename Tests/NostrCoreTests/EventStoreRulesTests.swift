import XCTest
import NostrCore

/// The storage rules of NIP-01 (replaceable, addressable, ephemeral), NIP-09 and NIP-40.
final class EventStoreRulesTests: XCTestCase {
    static let alice = try! SecretKey(hex: String(repeating: "0", count: 63) + "1")
    static let bob = try! SecretKey(hex: String(repeating: "0", count: 63) + "2")

    static func make(_ key: SecretKey = alice, kind: Kind = 1, at time: Int64 = 1_700_000_000,
                     tags: [Tag] = [], content: String = "") throws -> Event {
        try UnsignedEvent(pubkey: key.publicKey, createdAt: time, kind: kind, tags: tags, content: content).sign(with: key)
    }

    private func make(_ key: SecretKey = alice, kind: Kind = 1, at time: Int64 = 1_700_000_000,
                      tags: [Tag] = [], content: String = "") throws -> Event {
        try Self.make(key, kind: kind, at: time, tags: tags, content: content)
    }

    private func ids(_ store: EventStore, _ filter: Filter = Filter()) throws -> [EventID] {
        try store.query([filter]).map(\.id)
    }

    func testStoreThenDuplicate() throws {
        let store = try EventStore()
        let e = try make(content: "gm")
        XCTAssertEqual(try store.save(e), .stored)
        XCTAssertEqual(try store.save(e), .duplicate)
        XCTAssertTrue(try store.contains(e.id))
        XCTAssertEqual(try store.event(id: e.id)?.content, "gm")
    }

    func testDuplicateIsAnsweredBeforeVerification() throws {
        let store = try EventStore()
        let e = try make()
        XCTAssertEqual(try store.save(e), .stored)
        // Same id, broken signature: a duplicate by id is not re-verified.
        var sig = e.sig
        sig[0] ^= 1
        let forged = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt, kind: e.kind, tags: e.tags, content: e.content, sig: sig)
        XCTAssertEqual(try store.save(forged), .duplicate)
    }

    func testRejectsBadSignatureAndBadID() throws {
        let store = try EventStore()
        let e = try make(content: "x")
        var sig = e.sig
        sig[10] ^= 0x40
        let badSig = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt, kind: e.kind, tags: e.tags, content: e.content, sig: sig)
        XCTAssertEqual(try store.save(badSig), .rejected(.invalid(.invalidSignature)))
        let badID = Event(id: e.id, pubkey: e.pubkey, createdAt: e.createdAt, kind: e.kind, tags: e.tags, content: "y", sig: e.sig)
        XCTAssertEqual(try store.save(badID), .rejected(.invalid(.idMismatch)))
        XCTAssertTrue(SaveResult.rejected(.invalid(.idMismatch)).okMessage.hasPrefix("invalid:"))
        XCTAssertFalse(try store.contains(e.id))
        // The caller may vouch for an event it verified already.
        XCTAssertEqual(try store.save(e, verified: true), .stored)
    }

    func testEphemeralIsNeverStored() throws {
        let store = try EventStore()
        let e = try make(kind: 20001)
        XCTAssertEqual(try store.save(e), .rejected(.ephemeral))
        XCTAssertTrue(SaveResult.rejected(.ephemeral).isAccepted)
        XCTAssertEqual(try store.count([Filter()]), 0)
    }

    func testReplaceableKeepsNewest() throws {
        let store = try EventStore()
        let old = try make(kind: 0, at: 100, content: "old")
        let new = try make(kind: 0, at: 200, content: "new")
        let bobs = try make(Self.bob, kind: 0, at: 50, content: "bob")
        XCTAssertEqual(try store.save(old), .stored)
        XCTAssertEqual(try store.save(bobs), .stored)
        XCTAssertEqual(try store.save(new), .replaced)
        XCTAssertEqual(try store.save(old), .rejected(.olderThanStored))
        XCTAssertEqual(try ids(store, Filter(kinds: [0])), [new.id, bobs.id])
        XCTAssertNil(try store.event(id: old.id))
        // The old version's tags are gone with it.
        let contact = try make(kind: 3, at: 10, tags: [["p", Self.bob.publicKey.hex]])
        let contact2 = try make(kind: 3, at: 11, tags: [["p", Self.alice.publicKey.hex]])
        XCTAssertEqual(try store.save(contact), .stored)
        XCTAssertEqual(try store.save(contact2), .replaced)
        XCTAssertEqual(try store.count([Filter(tags: ["p": [Self.bob.publicKey.hex]])]), 0)
    }

    func testReplaceableTieKeepsLowestID() throws {
        let a = try make(kind: 10002, at: 500, content: "a")
        let b = try make(kind: 10002, at: 500, content: "b")
        let (low, high) = a.id < b.id ? (a, b) : (b, a)
        let s1 = try EventStore()
        XCTAssertEqual(try s1.save(high), .stored)
        XCTAssertEqual(try s1.save(low), .replaced)
        XCTAssertEqual(try ids(s1), [low.id])
        let s2 = try EventStore()
        XCTAssertEqual(try s2.save(low), .stored)
        XCTAssertEqual(try s2.save(high), .rejected(.olderThanStored))
        XCTAssertEqual(try ids(s2), [low.id])
    }

    func testAddressableIsPerDTag() throws {
        let store = try EventStore()
        let a1 = try make(kind: 30023, at: 100, tags: [["d", "post-a"]], content: "a1")
        let a2 = try make(kind: 30023, at: 200, tags: [["d", "post-a"]], content: "a2")
        let b1 = try make(kind: 30023, at: 150, tags: [["d", "post-b"]], content: "b1")
        let noD = try make(kind: 30023, at: 120, content: "no d")
        let emptyD = try make(kind: 30023, at: 130, tags: [["d", ""]], content: "empty d")
        XCTAssertEqual(try store.save(a1), .stored)
        XCTAssertEqual(try store.save(b1), .stored)
        XCTAssertEqual(try store.save(a2), .replaced)
        XCTAssertEqual(try store.save(noD), .stored)
        // No d tag and an empty d tag name the same address (NIP-01).
        XCTAssertEqual(try store.save(emptyD), .replaced)
        XCTAssertEqual(Set(try ids(store)), [a2.id, b1.id, emptyD.id])
        XCTAssertEqual(try ids(store, Filter(tags: ["d": ["post-a"]])), [a2.id])
    }

    func testAddressableTieKeepsLowestID() throws {
        let a = try make(kind: 30000, at: 7, tags: [["d", "x"]], content: "a")
        let b = try make(kind: 30000, at: 7, tags: [["d", "x"]], content: "b")
        let (low, high) = a.id < b.id ? (a, b) : (b, a)
        let store = try EventStore()
        XCTAssertEqual(try store.save(high), .stored)
        XCTAssertEqual(try store.save(low), .replaced)
        XCTAssertEqual(try store.save(high), .rejected(.olderThanStored))
        XCTAssertEqual(try ids(store), [low.id])
    }

    func testDeletionByEventID() throws {
        let store = try EventStore()
        let note = try make(at: 100, content: "oops")
        let keep = try make(at: 101, content: "keep")
        XCTAssertEqual(try store.save(note), .stored)
        XCTAssertEqual(try store.save(keep), .stored)
        let del = try make(kind: 5, at: 200, tags: [["e", note.id.hex], ["k", "1"]])
        XCTAssertEqual(try store.save(del), .stored)
        XCTAssertEqual(Set(try ids(store)), [keep.id, del.id])
        // Re-publication of a deleted id is refused.
        let again = try store.save(note)
        XCTAssertEqual(again, .rejected(.deleted))
        XCTAssertTrue(again.okMessage.hasPrefix("blocked:"))
    }

    func testDeletionBeforeTheEventArrives() throws {
        let store = try EventStore()
        let note = try make(at: 100)
        XCTAssertEqual(try store.save(try make(kind: 5, at: 200, tags: [["e", note.id.hex]])), .stored)
        XCTAssertEqual(try store.save(note), .rejected(.deleted))
    }

    func testDeletionBySomeoneElseIsIgnored() throws {
        let store = try EventStore()
        let note = try make(at: 100)
        let profile = try make(kind: 0, at: 100)
        XCTAssertEqual(try store.save(note), .stored)
        XCTAssertEqual(try store.save(profile), .stored)
        let del = try make(Self.bob, kind: 5, at: 200,
                           tags: [["e", note.id.hex], ["a", "0:\(Self.alice.publicKey.hex):"]])
        XCTAssertEqual(try store.save(del), .stored)
        XCTAssertTrue(try store.contains(note.id))
        XCTAssertTrue(try store.contains(profile.id))
        // Nor does it block the author's event arriving later.
        let later = try make(at: 300)
        XCTAssertEqual(try store.save(try make(Self.bob, kind: 5, at: 301, tags: [["e", later.id.hex]])), .stored)
        XCTAssertEqual(try store.save(later), .stored)
    }

    func testDeletionOfADeletionHasNoEffect() throws {
        let store = try EventStore()
        let del = try make(kind: 5, at: 100, tags: [["e", String(repeating: "ab", count: 32)]])
        XCTAssertEqual(try store.save(del), .stored)
        XCTAssertEqual(try store.save(try make(kind: 5, at: 200, tags: [["e", del.id.hex]])), .stored)
        XCTAssertTrue(try store.contains(del.id))
    }

    func testDeletionByAddressUpToItsTime() throws {
        let store = try EventStore()
        let v1 = try make(kind: 30023, at: 100, tags: [["d", "art"]], content: "v1")
        let other = try make(kind: 30023, at: 100, tags: [["d", "other"]])
        XCTAssertEqual(try store.save(v1), .stored)
        XCTAssertEqual(try store.save(other), .stored)
        let del = try make(kind: 5, at: 150, tags: [["a", "30023:\(Self.alice.publicKey.hex):art"]])
        XCTAssertEqual(try store.save(del), .stored)
        XCTAssertFalse(try store.contains(v1.id))
        XCTAssertTrue(try store.contains(other.id))
        // A version up to the deletion's created_at is refused; a newer one is welcome.
        let v2 = try make(kind: 30023, at: 150, tags: [["d", "art"]], content: "v2")
        XCTAssertEqual(try store.save(v2), .rejected(.deleted))
        let v3 = try make(kind: 30023, at: 151, tags: [["d", "art"]], content: "v3")
        XCTAssertEqual(try store.save(v3), .stored)
    }

    func testDeletionByAddressOfReplaceable() throws {
        let store = try EventStore()
        let list = try make(kind: 10000, at: 100)
        XCTAssertEqual(try store.save(list), .stored)
        XCTAssertEqual(try store.save(try make(kind: 5, at: 120, tags: [["a", "10000:\(Self.alice.publicKey.hex):"]])), .stored)
        XCTAssertFalse(try store.contains(list.id))
        XCTAssertEqual(try store.save(try make(kind: 10000, at: 110)), .rejected(.deleted))
        XCTAssertEqual(try store.save(try make(kind: 10000, at: 130)), .stored)
    }

    func testExpiration() throws {
        let store = try EventStore()
        let now: Int64 = 1_700_000_000
        let expired = try make(at: now - 100, tags: [["expiration", String(now - 1)]])
        XCTAssertEqual(try store.save(expired, now: now), .rejected(.expired))
        let soon = try make(at: now - 100, tags: [["expiration", String(now + 10)]])
        XCTAssertEqual(try store.save(soon, now: now), .stored)
        XCTAssertEqual(try store.query([Filter()], now: now).map(\.id), [soon.id])
        // Once its time has passed it is no longer returned or counted, then purged.
        XCTAssertEqual(try store.query([Filter()], now: now + 10), [])
        XCTAssertEqual(try store.count([Filter()], now: now + 10), 0)
        XCTAssertNil(try store.event(id: soon.id, now: now + 10))
        XCTAssertEqual(try store.purgeExpired(now: now + 10), 1)
        XCTAssertFalse(try store.contains(soon.id))
    }

    func testBatchSaveMatchesOneByOne() throws {
        let e1 = try make(at: 1, content: "1")
        let r1 = try make(kind: 0, at: 2)
        let r2 = try make(kind: 0, at: 3)
        var sig = e1.sig
        sig[3] ^= 1
        let bad = Event(id: try make(at: 9).id, pubkey: e1.pubkey, createdAt: 9, kind: 1, tags: [], content: "", sig: sig)
        let batch = [e1, r1, e1, r2, bad, try make(kind: 25000)]
        let store = try EventStore()
        XCTAssertEqual(try store.save(batch), [.stored, .stored, .duplicate, .replaced, .rejected(.invalid(.invalidSignature)), .rejected(.ephemeral)])
    }

    func testReplacementInsideOneBatchLeavesNoTagRows() throws {
        let store = try EventStore()
        let v1 = try make(kind: 3, at: 1, tags: [["p", Self.bob.publicKey.hex]])
        let v2 = try make(kind: 3, at: 2, tags: [["p", Self.alice.publicKey.hex]])
        let deleted = try make(at: 3, tags: [["t", "gone"]])
        let request = try make(kind: 5, at: 4, tags: [["e", deleted.id.hex]])
        XCTAssertEqual(try store.save([v1, v2, deleted, request]), [.stored, .replaced, .stored, .stored])
        XCTAssertEqual(try store.count([Filter(tags: ["p": [Self.bob.publicKey.hex]])]), 0)
        XCTAssertEqual(try store.count([Filter(tags: ["p": [Self.alice.publicKey.hex]])]), 1)
        XCTAssertEqual(try store.count([Filter(tags: ["t": ["gone"]])]), 0)
        let orphans = try store.read { db in try db.scalar("SELECT COUNT(*) FROM tags WHERE event NOT IN (SELECT rid FROM events)") }
        XCTAssertEqual(orphans, .integer(0))
    }
}
