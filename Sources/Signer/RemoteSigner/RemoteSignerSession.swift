import Foundation
import NostrCore

/// What a paired remote signer needs to be used again without pairing: the client key, the remote
/// signer's key, the user's key and the relays. Stored as `sessions/NAME.json` (mode 0600) in the key store.
public struct RemoteSignerSession: Sendable, Hashable {
    /// The client key (disposable, but it is what the bunker knows this client by).
    public let clientKey: SecretKey
    /// The remote signer's key (responses must come from it).
    public let remoteSignerPubkey: PublicKey
    /// The user's key, which signs events.
    public internal(set) var userPubkey: PublicKey
    /// Relays to talk to the remote signer on (updated by `switch_relays`).
    public var relays: [String]

    /// A session.
    public init(clientKey: SecretKey, remoteSignerPubkey: PublicKey, userPubkey: PublicKey, relays: [String]) {
        self.clientKey = clientKey
        self.remoteSignerPubkey = remoteSignerPubkey
        self.userPubkey = userPubkey
        self.relays = relays
    }

    private struct File: Codable {
        var client_key: String
        var remote_signer_pubkey: String
        var user_pubkey: String
        var relays: [String]
    }

    /// The JSON document stored in the key store.
    public func encoded() -> [UInt8] {
        let f = File(client_key: clientKey.hex, remote_signer_pubkey: remoteSignerPubkey.hex, user_pubkey: userPubkey.hex, relays: relays)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(f)) ?? Data()) + [0x0A]
    }

    /// Reads a stored session; `path` names the file in the error.
    public init(decoding bytes: [UInt8], path: String) throws(KeyStoreError) {
        guard let f = try? JSONDecoder().decode(File.self, from: Data(bytes)) else {
            throw .corrupt(path: path, reason: "not a remote-signer session document")
        }
        guard let client = try? SecretKey(hex: f.client_key), let remote = try? PublicKey(hex: f.remote_signer_pubkey),
              let user = try? PublicKey(hex: f.user_pubkey), !f.relays.isEmpty else {
            throw .corrupt(path: path, reason: "a key or the relay list is invalid")
        }
        self.init(clientKey: client, remoteSignerPubkey: remote, userPubkey: user, relays: f.relays)
    }
}

extension KeyStore {
    /// Saves `session` as `name` (replacing an earlier one of that name).
    public func saveSession(_ session: RemoteSignerSession, name: String) throws(KeyStoreError) {
        try write(session.encoded(), in: .sessions, name: name)
    }

    /// The session stored as `name`, or `nil`.
    public func session(name: String) throws(KeyStoreError) -> RemoteSignerSession? {
        guard let bytes = try read(in: .sessions, name: name) else { return nil }
        return try RemoteSignerSession(decoding: bytes, path: path(.sessions, name))
    }
}
