import NostrCore

extension BlossomClient {
    /// A user's Blossom servers (BUD-03, the newest kind 10063 on `relays`), most trusted first; empty when none.
    public static func servers(of user: PublicKey, pool: RelayPool, relays: [RelayURL]) async -> [String] {
        let result = await pool.query([Filter(authors: [user], kinds: [.blossomServerList], limit: 1)], on: relays)
        return result.events.first.map { BlossomServerList(event: $0).servers } ?? []
    }
}
