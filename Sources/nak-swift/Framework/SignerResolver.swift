import NostrCore
import Signer

/// Why key text could not become a key. Never carries the key text.
enum KeyInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed
    case invalidKey(KeyError)
    case passwordNeeded
    case wrongPassword
    case invalidNcryptsec(NIP49Error)
    case remoteSignerUnavailable
    case unknownName
    /// A stored key could not be opened (wrong password, unsafe permissions, …).
    case keyStore(KeyStoreError)
    /// A `bunker://` remote signer or stored session could not be used.
    case remoteSigner(SignerError)

    var description: String {
        switch self {
        case .malformed: "not a 64-character hex key, an nsec or an ncryptsec"
        case let .invalidKey(e): "invalid secret key (\(e))"
        case .passwordNeeded: "an ncryptsec needs its password: set NOSTR_PASSWORD or run from a terminal"
        case .wrongPassword: "could not decrypt the ncryptsec (wrong password?)"
        case let .invalidNcryptsec(e): "unusable ncryptsec (\(e))"
        case .remoteSignerUnavailable: "this command needs the secret key itself; a bunker:// remote signer cannot be used here"
        case .unknownName: "not a hex key, an nsec, an ncryptsec, or the name of a stored key"
        case let .keyStore(e): "\(e)"
        case let .remoteSigner(e): "remote signer: \(e)"
        }
    }
}

/// Turns what the user typed for `--sec` into a key. The extension point for key kinds that
/// land later: ncryptsec (NIP-49, password from `NOSTR_PASSWORD`), key-store names and
/// `bunker://` remote signers each get a branch in `secretKey(from:)` (and, for remote signers,
/// a future `signer(from:)` returning a `Signer`).
struct SignerResolver: Sendable {
    let environment: [String: String]

    /// A local secret key from hex, nsec, ncryptsec or the name of a key in the key store.
    func secretKey(from text: String) throws(KeyInputError) -> SecretKey {
        let s = text.trimmingSpaces
        if s.utf8.count == 64, Hex.decode(s) != nil {
            do { return try SecretKey(hex: s) } catch { throw .invalidKey(error) }
        }
        let lower = s.lowercased()
        if lower.hasPrefix("nsec1") { return try nsec(lower) }
        if lower.hasPrefix("ncryptsec1") { return try ncryptsec(lower) }
        if lower.hasPrefix("bunker://") { throw .remoteSignerUnavailable }
        return try storedKey(s)
    }

    private func nsec(_ s: String) throws(KeyInputError) -> SecretKey {
        guard case let .nsec(key)? = try? NIP19.decode(s) else { throw .malformed }
        return key
    }

    /// NIP-49: the password comes from `NOSTR_PASSWORD`, else from the terminal.
    private func ncryptsec(_ s: String) throws(KeyInputError) -> SecretKey {
        guard let password = environment["NOSTR_PASSWORD"] ?? PasswordPrompt.read("password for the ncryptsec: ") else {
            throw .passwordNeeded
        }
        do { return try NIP49.decrypt(s, password: password, normalizer: .foundation) } catch {
            if case .wrongPasswordOrCorrupted = error { throw .wrongPassword }
            throw .invalidNcryptsec(error)
        }
    }
}

extension String {
    /// Without leading and trailing spaces and newlines.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
