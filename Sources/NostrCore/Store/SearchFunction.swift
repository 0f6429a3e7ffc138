import CSQLite

/// `nak_search(content, query)`: the case-insensitive substring match NIP-50 `search` uses here,
/// done in Swift because SQLite's LIKE and lower() fold only ASCII.
enum SearchFunction {
    static func register(on c: SQLiteConnection) {
        sqlite3_create_function_v2(c.handle, "nak_search", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { ctx, argc, argv in
            guard argc == 2, let argv, let a = argv[0], let b = argv[1],
                  let hay = sqlite3_value_text(a), let needle = sqlite3_value_text(b) else {
                sqlite3_result_int(ctx, 0)
                return
            }
            let h = String(cString: hay), n = String(cString: needle)
            sqlite3_result_int(ctx, SearchFunction.matches(h, n) ? 1 : 0)
        }, nil, nil, nil)
    }

    /// Whether `content` contains `query`, ignoring case.
    static func matches(_ content: String, _ query: String) -> Bool {
        query.isEmpty || content.lowercased().contains(query.lowercased())
    }
}
