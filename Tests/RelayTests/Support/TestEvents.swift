import NostrCore

/// Signed events for relay tests, from fixed keys so failures are reproducible.
enum TestEvents {
    static let alice = try! SecretKey(hex: String(repeating: "01", count: 32))
    static let bob = try! SecretKey(hex: String(repeating: "02", count: 32))

    /// A kind-1 note by `key` at `createdAt`.
    static func note(_ content: String, at createdAt: Int64, by key: SecretKey = alice, tags: [Tag] = []) -> Event {
        try! UnsignedEvent(pubkey: key.publicKey, createdAt: createdAt, kind: .textNote, tags: tags, content: content).sign(with: key)
    }
}
