// Only the `Signer` module is imported here so that `Signer.` names the module, not NostrCore's
// `Signer` protocol, and the store's prompt is reached even if this module has its own `PasswordPrompt`.
import Signer

/// Passwords for the key store: `NOSTR_PASSWORD`, else typed on the terminal without echo.
enum StorePassword {
    /// The password of an existing key.
    static func existing(name: String, environment: [String: String]) throws(KeyStoreError) -> String {
        try Signer.PasswordPrompt.password(prompt: "password for key \(name): ", environment: environment)
    }

    /// A password for a new key (typed twice on a terminal).
    static func new(name: String, environment: [String: String]) throws(KeyStoreError) -> String {
        try Signer.PasswordPrompt.newPassword(prompt: "new password for key \(name): ", confirm: "again: ",
                                              environment: environment)
    }
}
