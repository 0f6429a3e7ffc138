import NostrCore
import Signer

extension SignerResolver {
    /// The key store `--sec NAME` reads (`$XDG_CONFIG_HOME/nak-swift`, as in CLI.md "State").
    var keyStore: KeyStore { KeyStore(environment: environment) }

    /// A key from the store by name, its password from `NOSTR_PASSWORD` or the terminal. Text that
    /// is not a stored name is `.unknownName`; the text is never echoed since it may be a mistyped secret.
    func storedKey(_ text: String) throws(KeyInputError) -> SecretKey {
        let store = keyStore
        guard store.contains(name: text) else { throw .unknownName }
        do {
            // Read the file first so a world-readable key is refused before a password is asked for.
            _ = try store.ncryptsec(name: text)
            let password = try StorePassword.existing(name: text, environment: environment)
            return try store.load(name: text, password: password)
        } catch {
            throw .keyStore(error)
        }
    }
}
