import NostrCore
import Signer

/// Why the bunker could not start or keep its state. Never carries key material or secrets.
public enum BunkerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database refused a read or write.
    case store(StoreError)
    /// A stored row is not what the bunker writes (column named).
    case corrupt(String)
    /// The profile file (remote-signer key) could not be read or written.
    case profile(KeyStoreError)
    /// The user key's signer failed to give its public key.
    case signer(SignerError)
    /// A NIP-46 message could not be built.
    case nip46(NIP46Error)
    /// No relay could be used.
    case noRelays

    public var description: String {
        switch self {
        case let .store(e): "bunker database: \(e)"
        case let .corrupt(what): "bunker database holds an unreadable \(what); remove it with `bunker clients --revoke`"
        case let .profile(e): "bunker profile: \(e)"
        case let .signer(e): "bunker user key: \(e)"
        case let .nip46(e): "\(e)"
        case .noRelays: "the bunker needs at least one relay to listen on"
        }
    }
}
