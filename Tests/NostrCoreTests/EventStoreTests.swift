import Foundation
import Synchronization
import XCTest
import NostrCore

final class EventStoreTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("eventstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private var dbPath: String { dir.appendingPathComponent("events.sqlite").path }

    func testStateRoundTripInMemory() throws {
        let store = try EventStore()
        XCTAssertNil(try store.state(forKey: "dm.since"))
        try store.setState("1700000000", forKey: "dm.since")
        try store.setState("1700000001", forKey: "dm.since")
        XCTAssertEqual(try store.state(forKey: "dm.since"), "1700000001")
        try store.removeState(forKey: "dm.since")
        XCTAssertNil(try store.state(forKey: "dm.since"))
    }

    func testStatePersistsAcrossReopenAndReadOnlyOpen() throws {
        do {
            let store = try EventStore(path: dbPath)
            try store.setState("v", forKey: "k")
        }
        let again = try EventStore(path: dbPath)
        XCTAssertEqual(try again.state(forKey: "k"), "v")
        let ro = try EventStore(path: dbPath, readOnly: true)
        XCTAssertEqual(try ro.state(forKey: "k"), "v")
        XCTAssertThrowsError(try ro.setState("w", forKey: "k")) { XCTAssertEqual($0 as? StoreError, .readOnly) }
        // A read-only store sees what the writer commits later.
        try again.setState("w", forKey: "k")
        XCTAssertEqual(try ro.state(forKey: "k"), "w")
    }

    func testModuleMigrationsApplyOnceAndTablesAreUsable() throws {
        let m = [Migration(id: "test.1-grants", sql: "CREATE TABLE test_grants(client TEXT PRIMARY KEY, perms TEXT NOT NULL) WITHOUT ROWID")]
        do {
            let store = try EventStore(path: dbPath, migrations: m)
            try store.write { db in try db.run("INSERT INTO test_grants VALUES(?, ?)", ["abc", "sign_event"]) }
        }
        let store = try EventStore(path: dbPath)
        try store.migrate(m)   // already applied: no "table exists" error
        XCTAssertEqual(try store.appliedMigrations(), ["core.1-events", "core.2-tag-kind", "core.3-tag-values", "test.1-grants"])
        let rows = try store.read { db in try db.rows("SELECT perms FROM test_grants WHERE client = ?", ["abc"]) }
        XCTAssertEqual(rows, [[.text("sign_event")]])
    }

    func testThrowInWriteRollsBack() throws {
        let store = try EventStore()
        XCTAssertThrowsError(try store.write { db in
            try db.run("INSERT INTO state(key, value) VALUES('a', '1')")
            try db.run("INSERT INTO no_such_table VALUES(1)")
        }) { error in
            guard case let .sqlite(_, message, sql)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("no_such_table"), message)
            XCTAssertEqual(sql, "INSERT INTO no_such_table VALUES(1)")
        }
        XCTAssertNil(try store.state(forKey: "a"))
    }

    func testUnknownCoreMigrationIsRefused() throws {
        do {
            let store = try EventStore(path: dbPath)
            try store.write { db in try db.run("INSERT INTO schema_migrations VALUES('core.99-future', 0)") }
        }
        XCTAssertThrowsError(try EventStore(path: dbPath)) {
            XCTAssertEqual($0 as? StoreError, .unknownMigrations(["core.99-future"]))
        }
    }

    /// Closing a store (readers, then the writer) checkpoints and removes the WAL, so the next process's
    /// read-only open does not replay it; and concurrent reads still work with readers opened on demand.
    func testClosingRemovesTheWALAndReadersOpenOnDemand() throws {
        let wal = dbPath + "-wal"
        do {
            let store = try EventStore(path: dbPath)
            let key = SecretKey.generate()
            let events = try (0..<200).map { i in
                try UnsignedEvent(pubkey: key.publicKey, createdAt: 1_700_000_000 + Int64(i), kind: .textNote, content: "note \(i)").sign(with: key)
            }
            _ = try store.save(events, verified: true)
            XCTAssertEqual(try store.count([Filter()]), 200)
            XCTAssertTrue(FileManager.default.fileExists(atPath: wal), "WAL mode while open")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: wal), "the last connection to close was the writer")

        let ro = try EventStore(path: dbPath, readOnly: true)
        let counts = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let n = (try? ro.count([Filter(kinds: [.textNote])])) ?? -1
            counts.withLock { $0.append(n) }
        }
        XCTAssertEqual(counts.withLock { $0 }, Array(repeating: 200, count: 8))
    }
}
