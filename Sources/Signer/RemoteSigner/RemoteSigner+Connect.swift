#if canImport(Glibc)
import Glibc
#endif
import NostrCore
import Relay

extension RemoteSigner {
    /// Pairs through a `bunker://` token: `connect` with its secret (the answer may be "ack" or the secret
    /// echoed; both are accepted), then `get_public_key` to learn the user's key (46.md: it may differ from
    /// the remote signer's). Save `session` afterwards to skip this next time.
    public static func connect(_ uri: BunkerURI, clientKey: SecretKey = .generate(), permissions: NIP46Permissions = .none,
                               metadata: NIP46ClientMetadata = NIP46ClientMetadata(), pool: RelayPool = RelayPool(),
                               timeout: Duration = RemoteSigner.defaultTimeout,
                               onAuthURL: @escaping @Sendable (String) -> Void = { _ in }) async throws(SignerError) -> RemoteSigner {
        let session = RemoteSignerSession(clientKey: clientKey, remoteSignerPubkey: uri.remoteSignerPubkey,
                                          userPubkey: uri.remoteSignerPubkey, relays: uri.relays)
        let signer = try RemoteSigner(session: session, pool: pool, timeout: timeout, onAuthURL: onAuthURL)
        var params = [uri.remoteSignerPubkey.hex, uri.secret ?? ""]
        if !permissions.isEmpty || !metadata.isEmpty { params.append(permissions.description) }
        // 46.md "Client metadata": the bunker:// flow carries no client identity, so send it.
        if !metadata.isEmpty { params.append(metadata.json) }
        let answer = try await signer.call(.connect, params)
        let echoed = uri.secret.map { ConstantTime.equals(Array($0.utf8), Array(answer.utf8)) } ?? false
        guard answer == "ack" || echoed else { throw .rejected("unexpected answer to connect: \"\(answer.prefix(40))\"") }
        try await signer.learnUserKey()
        return signer
    }

    /// Pairs through a `nostrconnect://` token the person gives to their signer: listens on the URI's relays
    /// (calling `onReady` once listening, the moment to show the URI), waits for a `connect` response whose
    /// result is the URI's secret (anything else is ignored: 46.md "MUST validate the secret"), takes its
    /// author as the remote signer, then asks `get_public_key`. `timeout` bounds the whole wait.
    public static func nostrConnect(_ uri: NostrConnectURI, clientKey: SecretKey, pool: RelayPool = RelayPool(),
                                    timeout: Duration = .seconds(300), requestTimeout: Duration = RemoteSigner.defaultTimeout,
                                    onReady: @escaping @Sendable () -> Void = {},
                                    onAuthURL: @escaping @Sendable (String) -> Void = { _ in }) async throws(SignerError) -> RemoteSigner {
        guard clientKey.publicKey == uri.clientPubkey else { throw .invalidKey("the client key does not match the nostrconnect URI") }
        let channel = NIP46Channel(pool: pool, key: clientKey.publicKey, relays: try NIP46Channel.relayURLs(uri.relays))
        defer { channel.stop() }
        let found = OneTimeValue<PublicKey?>()
        let secret = Array(uri.secret.utf8)
        try await channel.start(author: nil, since: Int64(time(nil)) - 10) { event in
            guard let (text, _) = try? NIP46.open(event, with: clientKey), let r = try? NIP46Response(json: text),
                  r.error == nil, let result = r.result, ConstantTime.equals(Array(result.utf8), secret) else { return }
            found.fire(event.pubkey)
        }
        onReady()
        let timer = Task {
            try? await Task.sleep(for: timeout)
            found.fire(nil)
        }
        defer { timer.cancel() }
        guard let remote = await found.wait() else { throw .timedOut(seconds: Int(timeout.components.seconds)) }
        let session = RemoteSignerSession(clientKey: clientKey, remoteSignerPubkey: remote, userPubkey: remote, relays: uri.relays)
        let signer = try RemoteSigner(session: session, pool: pool, timeout: requestTimeout, onAuthURL: onAuthURL)
        try await signer.learnUserKey()
        return signer
    }

    /// Asks `get_public_key` and records the answer as the user's key.
    func learnUserKey() async throws(SignerError) {
        let hex = try await call(.getPublicKey)
        guard let user = try? PublicKey(hex: hex) else { throw .rejected("get_public_key answered \"\(hex.prefix(70))\", not a hex key") }
        state.withLock { $0.userPubkey = user }
    }
}
