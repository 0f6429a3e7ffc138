import Foundation
import XCTest
@testable import NostrCore

/// A store written before `core.3-tag-values` (tag values inline in each row) opens with its tag
/// queries intact after the migration.
final class TagIndexMigrationTests: XCTestCase {
    func testInlineTagRowsMoveToTheValueDictionary() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tagmigration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("old.sqlite").path

        let alice = SecretKey.generate(), bob = SecretKey.generate()
        let note = try UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_700_000_000, kind: .textNote,
                                     tags: [["p", bob.publicKey.hex], ["t", "nostr"], ["client", "x"]], content: "hi").sign(with: alice)
        let contacts = try UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_700_000_001, kind: .contacts,
                                         tags: [["p", bob.publicKey.hex]], content: "").sign(with: alice)
        do {
            // The layout as the first two migrations left it, filled the way that code did.
            let old = try SQLiteConnection(path: path, readOnly: false)
            try old.migrate(Array(Schema.migrations.prefix(2)))
            for (rid, e) in [(Int64(1), note), (2, contacts)] {
                try old.run("INSERT INTO events(rid, id, pubkey, created_at, kind, raw) VALUES(?, ?, ?, ?, ?, ?)",
                            [.integer(rid), .blob(e.id.bytes), .blob(e.pubkey.bytes), .integer(e.createdAt),
                             .integer(Int64(e.kind.rawValue)), .text(e.json)])
                for tag in e.tags where tag.fields[0].utf8.count == 1 {
                    try old.run("INSERT INTO tags(name, value, created_at, event, kind) VALUES(?, ?, ?, ?, ?)",
                                [.text(tag.fields[0]), .text(tag.fields[1]), .integer(e.createdAt), .integer(rid),
                                 .integer(Int64(e.kind.rawValue))])
                }
            }
        }
        let store = try EventStore(path: path)
        XCTAssertEqual(try store.appliedMigrations().suffix(1), ["core.3-tag-values"])
        XCTAssertEqual(try store.query([Filter(tags: ["p": [bob.publicKey.hex]])]).map(\.id), [contacts.id, note.id])
        XCTAssertEqual(try store.query([Filter(kinds: [.textNote], tags: ["p": [bob.publicKey.hex], "t": ["nostr"]])]).map(\.id), [note.id])
        XCTAssertEqual(try store.stats().tagRows, 3)
        // Replacing the contact list removes its migrated rows.
        let newer = try UnsignedEvent(pubkey: alice.publicKey, createdAt: 1_700_000_002, kind: .contacts, content: "").sign(with: alice)
        XCTAssertEqual(try store.save(newer), .replaced)
        XCTAssertEqual(try store.query([Filter(tags: ["p": [bob.publicKey.hex]])]).map(\.id), [note.id])
    }
}
