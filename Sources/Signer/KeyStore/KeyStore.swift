import Foundation
import NostrCore

/// Named secrets on disk under `$XDG_CONFIG_HOME/nak-swift` (default `~/.config/nak-swift`):
/// keys as NIP-49 `keys/NAME.ncryptsec` with a `keys/NAME.json` sidecar holding the public key (so
/// listing needs no password); other sections (`sessions/`, `wallets/`) hold JSON entries.
/// Directories are 0700, files 0600, written atomically; a file others can read is refused.
public struct KeyStore: Sendable {
    /// The store's root directory (`…/nak-swift`).
    public let root: String

    /// A store rooted at `root`; nothing is created until something is written.
    public init(root: String) { self.root = root }

    /// The store at the default location for `environment` (see `defaultRoot`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(root: Self.defaultRoot(environment: environment))
    }

    /// `$XDG_CONFIG_HOME/nak-swift`, or `$HOME/.config/nak-swift`; the XDG base-directory spec says a
    /// relative `XDG_CONFIG_HOME` is invalid and must be ignored.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/nak-swift" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/nak-swift"
    }

    /// A stored key as `list()` shows it.
    public struct Entry: Sendable, Hashable {
        /// The key's name.
        public let name: String
        /// Its public key, or `nil` when the sidecar is missing (the key was copied in by hand).
        public let publicKey: PublicKey?
    }

    /// Encrypts `key` with `password` (NIP-49, scrypt 2^`logN`) and stores it as `name`.
    @discardableResult
    public func add(name: String, key: SecretKey, password: String, logN: UInt8 = 16,
                    replace: Bool = false) throws(KeyStoreError) -> Entry {
        let ncryptsec: String
        do { ncryptsec = try NIP49.encrypt(key, password: password, logN: logN, normalizer: .foundation) } catch {
            throw .encryption("\(error)")
        }
        return try add(name: name, ncryptsec: ncryptsec, publicKey: key.publicKey, replace: replace)
    }

    /// Stores an already encrypted key as `name`, with the public key it belongs to.
    @discardableResult
    public func add(name: String, ncryptsec: String, publicKey: PublicKey,
                    replace: Bool = false) throws(KeyStoreError) -> Entry {
        try Self.validate(name)
        guard ncryptsec.hasPrefix("ncryptsec1") else { throw .encryption("not an ncryptsec string") }
        if !replace, contains(name: name) { throw .alreadyExists(name: name) }
        try write(Array(ncryptsec.utf8), in: .keys, name: name)
        let sidecar = KeySidecar(pubkey: publicKey.hex)
        try write(sidecar.encoded(), in: .keyInfo, name: name)
        return Entry(name: name, publicKey: publicKey)
    }

    /// Every stored key, by name, with its public key; needs no password.
    public func list() throws(KeyStoreError) -> [Entry] {
        try names(in: .keys).map { name throws(KeyStoreError) in Entry(name: name, publicKey: try publicKey(name: name)) }
    }

    /// Whether a key named `name` exists.
    public func contains(name: String) -> Bool {
        (try? Self.validate(name)) != nil && access(path(.keys, name), F_OK) == 0
    }

    /// The public key stored beside `name`, or `nil` if its sidecar is missing or unreadable.
    public func publicKey(name: String) throws(KeyStoreError) -> PublicKey? {
        guard let bytes = try read(in: .keyInfo, name: name) else { return nil }
        return KeySidecar(decoding: bytes).flatMap { try? PublicKey(hex: $0.pubkey) }
    }

    /// The stored `ncryptsec1…` string of `name`.
    public func ncryptsec(name: String) throws(KeyStoreError) -> String {
        guard let bytes = try read(in: .keys, name: name) else { throw .notFound(name: name) }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("ncryptsec1") else {
            throw .corrupt(path: path(.keys, name), reason: "it does not hold an ncryptsec1… string")
        }
        return text
    }

    /// Decrypts and returns the key `name`.
    public func load(name: String, password: String) throws(KeyStoreError) -> SecretKey {
        let encrypted = try ncryptsec(name: name)
        do { return try NIP49.decrypt(encrypted, password: password, normalizer: .foundation) } catch {
            if case .wrongPasswordOrCorrupted = error { throw .wrongPassword(name: name) }
            throw .corrupt(path: path(.keys, name), reason: "\(error)")
        }
    }

    /// A `LocalSigner` for the key `name`.
    public func signer(name: String, password: String) throws(KeyStoreError) -> LocalSigner {
        LocalSigner(try load(name: name, password: password))
    }

    /// Removes `name` (the key and its sidecar).
    public func remove(name: String) throws(KeyStoreError) {
        try Self.validate(name)
        let existed = try SecureFile.removeFile(path(.keys, name))
        _ = try SecureFile.removeFile(path(.keyInfo, name))
        guard existed else { throw .notFound(name: name) }
    }

    // MARK: Other entry kinds

    /// A folder of the store and the extension of its files.
    public struct Section: Sendable, Hashable {
        /// Folder under the root.
        public let folder: String
        /// File extension, without the dot.
        public let fileExtension: String
        /// A section; use the predefined ones unless adding a new kind of entry.
        public init(folder: String, fileExtension: String) {
            self.folder = folder
            self.fileExtension = fileExtension
        }

        /// NIP-49 encrypted keys.
        public static let keys = Section(folder: "keys", fileExtension: "ncryptsec")
        /// The public-key sidecars of `keys`.
        public static let keyInfo = Section(folder: "keys", fileExtension: "json")
        /// NIP-46 remote-signer sessions (JSON).
        public static let sessions = Section(folder: "sessions", fileExtension: "json")
        /// NIP-47 wallet connections (JSON).
        public static let wallets = Section(folder: "wallets", fileExtension: "json")
    }

    /// The path of entry `name` in `section` (the name is not checked here).
    public func path(_ section: Section, _ name: String) -> String {
        "\(root)/\(section.folder)/\(name).\(section.fileExtension)"
    }

    /// Writes entry `name` of `section` atomically, mode 0600, creating 0700 folders as needed.
    public func write(_ contents: [UInt8], in section: Section, name: String) throws(KeyStoreError) {
        try Self.validate(name)
        try SecureFile.ensureDirectory(root)
        try SecureFile.ensureDirectory("\(root)/\(section.folder)")
        try SecureFile.writeFile(contents, to: path(section, name))
    }

    /// The contents of entry `name` of `section`, or `nil` if absent; refuses a file others can access.
    public func read(in section: Section, name: String) throws(KeyStoreError) -> [UInt8]? {
        try Self.validate(name)
        return try SecureFile.readFile(path(section, name))
    }

    /// Deletes entry `name` of `section`; whether it existed.
    @discardableResult
    public func delete(in section: Section, name: String) throws(KeyStoreError) -> Bool {
        try Self.validate(name)
        return try SecureFile.removeFile(path(section, name))
    }

    /// The names of the entries of `section`, sorted.
    public func names(in section: Section) throws(KeyStoreError) -> [String] {
        try SecureFile.names(in: "\(root)/\(section.folder)", withExtension: section.fileExtension)
            .filter { (try? Self.validate($0)) != nil }
    }

    /// Checks `name` against `[A-Za-z0-9._-]{1,64}` so it can never escape its folder.
    public static func validate(_ name: String) throws(KeyStoreError) {
        let ok = (1...64).contains(name.utf8.count) && name != "." && name != ".."
            && name.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                    || c == 0x2E || c == 0x5F || c == 0x2D
            }
        guard ok else { throw .invalidName(name) }
    }
}
