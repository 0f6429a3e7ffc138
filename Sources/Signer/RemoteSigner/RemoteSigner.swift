#if canImport(Glibc)
import Glibc
#endif
import NostrCore
import Relay
import Synchronization

/// A `Signer` whose key lives in a NIP-46 remote signer (a bunker): every call is an encrypted kind-24133
/// request on the session's relays, answered under the same id. An `auth_url` answer is shown through
/// `onAuthURL` (http/https only) and the call keeps waiting for the real answer; a call with no answer
/// within `timeout` (65 s by default) fails with `.timedOut`.
public final class RemoteSigner: Signer {
    /// How long a request waits for its answer by default.
    public static let defaultTimeout: Duration = .seconds(65)

    /// Keys and relays of this pairing (relays change with `switchRelays`).
    public var session: RemoteSignerSession { state.withLock { $0 } }
    /// How long each request waits.
    public let timeout: Duration
    let channel: NIP46Channel
    let pending = PendingRequests()
    let onAuthURL: @Sendable (String) -> Void
    let state: Mutex<RemoteSignerSession>
    /// The subscription start, shared by concurrent first calls so none publishes before it is ready.
    private let started = Mutex<Task<Void, Error>?>(nil)

    /// A signer for an existing session (from `connect` or the key store). Nothing is sent until the first call.
    public init(session: RemoteSignerSession, pool: RelayPool = RelayPool(), timeout: Duration = RemoteSigner.defaultTimeout,
                onAuthURL: @escaping @Sendable (String) -> Void = { _ in }) throws(SignerError) {
        self.state = Mutex(session)
        self.timeout = timeout
        self.onAuthURL = onAuthURL
        channel = NIP46Channel(pool: pool, key: session.clientKey.publicKey, relays: try NIP46Channel.relayURLs(session.relays))
    }

    deinit { channel.stop() }

    // MARK: Signer

    public func publicKey() async throws(SignerError) -> PublicKey { session.userPubkey }

    public func sign(_ event: UnsignedEvent) async throws(SignerError) -> Event {
        let user = session.userPubkey
        guard event.pubkey == user else {
            throw .invalidKey("the event's pubkey \(event.pubkey.hex) is not the remote signer's user key \(user.hex)")
        }
        var template: [String: JSONValue] = ["kind": .int(Int64(event.kind.rawValue)), "content": .string(event.content),
                                             "created_at": .int(event.createdAt), "pubkey": .string(user.hex)]
        template["tags"] = .array(event.tags.map { .array($0.fields.map { .string($0) }) })
        let result = try await call(.signEvent, [JSONValue.object(template).serialized])
        let signed: Event
        do { signed = try Event(json: result) } catch { throw .rejected("the remote signer returned an unreadable event (\(error))") }
        // A signer that returns someone else's signature, or a different event, must not pass silently.
        guard signed.pubkey == user, signed.kind == event.kind, signed.content == event.content, signed.tags == event.tags,
              signed.createdAt == event.createdAt, (try? signed.verify()) != nil else {
            throw .rejected("the remote signer returned an event that is not the one asked for, or not validly signed by \(user.hex)")
        }
        return signed
    }

    public func nip04Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
        try await call(.nip04Encrypt, [to.hex, text])
    }

    public func nip04Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        try await call(.nip04Decrypt, [from.hex, payload])
    }

    public func nip44Encrypt(_ text: String, to: PublicKey) async throws(SignerError) -> String {
        try await call(.nip44Encrypt, [to.hex, text])
    }

    public func nip44Decrypt(_ payload: String, from: PublicKey) async throws(SignerError) -> String {
        try await call(.nip44Decrypt, [from.hex, payload])
    }

    // MARK: Other methods

    /// `ping`: whether the remote signer answers.
    public func ping() async throws(SignerError) {
        let r = try await call(.ping)
        guard r == "pong" else { throw .rejected("unexpected ping answer \"\(r.prefix(40))\"") }
    }

    /// `switch_relays`: the relays the remote signer wants; when it names new ones the session moves there
    /// (and the caller should save `session`). Returns the new list, or `nil` when nothing changed.
    @discardableResult
    public func switchRelays() async throws(SignerError) -> [String]? {
        let r = try await callOptional(.switchRelays)
        guard let r, let list = (try? JSONValue.parse(r))?.arrayValue?.compactMap(\.stringValue), !list.isEmpty else { return nil }
        guard list != session.relays else { return nil }
        let urls = try NIP46Channel.relayURLs(list)
        state.withLock { $0.relays = list }
        channel.setRelays(urls)
        started.withLock { $0 = nil }
        return list
    }

    /// `logout`: asks the remote signer to forget this client. The caller must still delete the stored session.
    public func logout() async throws(SignerError) {
        _ = try await call(.logout)
        channel.stop()
    }

    /// Sends `method` and returns its result; an error reply becomes `.rejected`.
    public func call(_ method: NIP46Method, _ params: [String] = []) async throws(SignerError) -> String {
        guard let r = try await callOptional(method, params) else { throw .rejected("the remote signer answered \(method) with no result") }
        return r
    }

    /// Like `call`, for methods whose result may be `null`.
    func callOptional(_ method: NIP46Method, _ params: [String] = []) async throws(SignerError) -> String? {
        try await listen()
        let s = session
        let request = NIP46Request(method: method, params: params)
        let event: Event
        do {
            event = try NIP46.event(request.json, from: s.clientKey, to: s.remoteSignerPubkey, createdAt: Self.unixNow())
        } catch { throw .encryption("\(error)") }
        let channel = self.channel
        let result = await pending.wait(request.id, timeout: timeout) { () async -> SignerError? in
            do throws(SignerError) { try await channel.publish(event) } catch { return error }
            return nil
        }
        let response = try result.get()
        if let error = response.error { throw .rejected(error) }
        return response.result
    }

    /// Opens the subscription for answers once (again after a relay switch).
    func listen() async throws(SignerError) {
        let task = started.withLock { current -> Task<Void, Error> in
            if let current { return current }
            let s = session, channel = self.channel
            let new = Task { [weak self] in
                let me = self
                try await channel.start(author: s.remoteSignerPubkey, since: Self.unixNow() - 10) { [weak me] event in me?.receive(event) }
            }
            current = new
            return new
        }
        do { try await task.value } catch {
            started.withLock { if $0 == task { $0 = nil } }
            throw (error as? SignerError) ?? .unreachable(relay: "\(error)")
        }
    }

    func receive(_ event: Event) {
        let s = session
        guard event.pubkey == s.remoteSignerPubkey, let (text, _) = try? NIP46.open(event, with: s.clientKey),
              let response = try? NIP46Response(json: text), pending.isWaiting(response.id) else { return }
        if response.isAuthChallenge {
            // 46.md "Auth Challenges": show the URL, keep waiting under the same id.
            if let url = response.authURL { onAuthURL(url) }
            return
        }
        pending.resolve(response.id, .success(response))
    }

    static func unixNow() -> Int64 { Int64(time(nil)) }
}
