import NostrCore
import Relay
import Signer

extension SignerResolver {
    /// A signer for `--sec`: a `RemoteSigner` for a `bunker://` URI or a stored session name, else a
    /// `LocalSigner` for a local key. A `bunker://` URI is paired once and remembered as session
    /// `bunker-<hash>` so the next run (whose secret was already used) needs no pairing.
    func signer(from text: String, timeout: Duration = RemoteSigner.defaultTimeout,
                log: @escaping @Sendable (String) -> Void = { _ in }) async throws(KeyInputError) -> any Signer {
        let s = text.trimmingSpaces
        let store = keyStore
        let onAuthURL: @Sendable (String) -> Void = { log("the remote signer asks you to open: \($0)") }
        if s.lowercased().hasPrefix("bunker://") {
            let uri: BunkerURI
            do { uri = try BunkerURI(s) } catch { throw .remoteSigner(.invalidKey("\(error)")) }
            let name = Self.sessionName(for: uri)
            if let saved = try? store.session(name: name) {
                do { return try RemoteSigner(session: saved, timeout: timeout, onAuthURL: onAuthURL) } catch { throw .remoteSigner(error) }
            }
            do {
                let signer = try await RemoteSigner.connect(uri, metadata: NIP46ClientMetadata(name: "nak-swift"), timeout: timeout,
                                                            onAuthURL: onAuthURL)
                do { try store.saveSession(signer.session, name: name) } catch { log("could not remember the session: \(error)") }
                return signer
            } catch { throw .remoteSigner(error) }
        }
        if (try? KeyStore.validate(s)) != nil, !store.contains(name: s) {
            let saved: RemoteSignerSession?
            do { saved = try store.session(name: s) } catch { throw .keyStore(error) }
            if let saved {
                do { return try RemoteSigner(session: saved, timeout: timeout, onAuthURL: onAuthURL) } catch { throw .remoteSigner(error) }
            }
        }
        return LocalSigner(try secretKey(from: s))
    }

    /// The session name a `bunker://` URI is remembered under: its remote-signer key and relays, not its secret.
    static func sessionName(for uri: BunkerURI) -> String {
        let digest = SHA256.hash(Array((uri.remoteSignerPubkey.hex + " " + uri.relays.joined(separator: " ")).utf8))
        return "bunker-" + Hex.encode(Array(digest.prefix(8)))
    }
}

extension KeyOptions {
    /// The signer to use (local key, `bunker://` URI or stored session); `command` names the command in
    /// the missing-key message.
    func signer(_ io: IO, command: String) async throws(CLIError) -> any Signer {
        guard let (name, value) = source(io) else { throw .missingKey(command: command) }
        do {
            return try await SignerResolver(environment: io.environment).signer(from: value, log: { io.log($0) })
        } catch {
            throw .invalidKey(source: name, reason: error)
        }
    }
}

extension SignerError: HasExitCode {
    var exitCode: ExitCode {
        if case .unreachable = self { return .noRelayReached }
        return .failure
    }
}
