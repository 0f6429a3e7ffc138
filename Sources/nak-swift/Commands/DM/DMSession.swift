import Foundation
import NostrCore
import Relay

/// What every `dm` subcommand shares: the key, the index (`--db`), `--connect-timeout`, and turning
/// them into a `DirectMessenger`. Relay arguments go through `NetworkOptions.relays` (bad URL: exit 4).
struct DMSession: Sendable {
    /// The usage lines for these flags.
    static let help = """
          --sec KEY      hex, nsec, ncryptsec, a stored key's name, bunker:// or a session (or NOSTR_SECRET_KEY)
          --db PATH      the local index (default $XDG_DATA_HOME/nak-swift/events.sqlite)
          --connect-timeout S  seconds to open each relay connection (default 5)
        """

    let key: KeyOptions
    let network: NetworkOptions

    init(_ args: inout Arguments) throws(UsageError) {
        key = try KeyOptions(&args)
        network = try NetworkOptions(&args)
    }

    /// The messenger for `--sec` (a local key or a NIP-46 session) on the index; relay NOTICEs on stderr,
    /// other relay logs with `-v`.
    func messenger(_ io: IO, command: String) async throws -> DirectMessenger {
        let signer = try await key.signer(io, command: command)
        return try DirectMessenger(signer: signer, pool: pool(io), store: try openIndex(io))
    }

    /// A pool with the `--connect-timeout`; failures are reported, not retried, in a one-shot command.
    func pool(_ io: IO) -> RelayPool {
        var options = network.relayOptions(io)
        options.reconnect = nil
        return RelayPool(options: options)
    }

    /// The index (created when missing): DMs are kept there so `dm list` works offline. Its folder is
    /// created 0700 because the index holds opened messages.
    func openIndex(_ io: IO) throws -> EventStore {
        let path = network.db ?? NetworkOptions.defaultIndexPath(io.environment)
        if path != ":memory:" {
            let dir = (path as NSString).deletingLastPathComponent
            if !dir.isEmpty && !FileManager.default.fileExists(atPath: dir) {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        }
        return try EventStore(path: path)
    }

    /// A short form of a key for log lines.
    static func short(_ key: PublicKey) -> String { String(key.hex.prefix(12)) + "…" }

    /// One stderr line per relay answer, in `event`'s wording: `WHAT: publishing to RELAY... success.`
    static func logOutcomes(_ outcomes: [PublishOutcome], what: String, _ io: IO) {
        for o in outcomes {
            switch o.result {
            case let .success(r) where r.isSuccess: io.log("\(what): publishing to \(o.relay)... success.")
            case let .success(r): io.error("\(what): publishing to \(o.relay)... failed: \(r)")
            case let .failure(e): io.error("\(what): publishing to \(o.relay)... failed: \(Publishing.reason(e))")
            }
        }
    }
}

extension DMError: HasExitCode {
    var exitCode: ExitCode {
        if case .unreachable = self { return .noRelayReached }
        return .failure
    }
}

/// Recipients given to `dm send -p`: a public key, or a `name@domain` to look up through NIP-05.
enum DMRecipient {
    /// Why a `-p` value cannot be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The key `text` names; a `name@domain` is looked up through NIP-05 (`PubkeyResolver`).
    static func resolve(_ text: String) async throws(Failure) -> PublicKey {
        if let key = ParsedInput.publicKey(text) { return key }
        if text.contains("@") {
            guard let id = try? NIP05Identifier(text) else {
                throw Failure(description: "-p \(text): not a NIP-05 address")
            }
            do { return try await PubkeyResolver().resolve(id.description).pubkey } catch {
                throw Failure(description: "-p \(id): \(error)")
            }
        }
        throw Failure(description: "-p \(text): not a public key (hex, npub or nprofile) or a NIP-05 name@domain")
    }
}
