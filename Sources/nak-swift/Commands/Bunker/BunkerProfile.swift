import Foundation
import NostrCore
import Signer

/// A bunker's own remote-signer key, kept per profile as `bunkers/NAME.json` (0600) in the key store,
/// so the `bunker://` URI stays the same across restarts.
struct BunkerProfile {
    static let section = KeyStore.Section(folder: "bunkers", fileExtension: "json")

    let name: String
    let remoteSignerKey: SecretKey

    private struct File: Codable { var remote_signer_key: String }

    /// The profile `name`, created with a fresh key the first time.
    static func loadOrCreate(_ name: String, in store: KeyStore) throws -> BunkerProfile {
        if let bytes = try store.read(in: section, name: name) {
            guard let f = try? JSONDecoder().decode(File.self, from: Data(bytes)), let key = try? SecretKey(hex: f.remote_signer_key) else {
                throw KeyStoreError.corrupt(path: store.path(section, name), reason: "not a bunker profile")
            }
            return BunkerProfile(name: name, remoteSignerKey: key)
        }
        let key = SecretKey.generate()
        try store.write(Array("{\"remote_signer_key\":\"\(key.hex)\"}\n".utf8), in: section, name: name)
        return BunkerProfile(name: name, remoteSignerKey: key)
    }
}
