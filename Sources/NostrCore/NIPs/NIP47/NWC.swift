/// NIP-47 event construction and decryption, sans-IO: the caller supplies encryption (a closure,
/// a `Signer`, or the connection URI's secret) and sends the events itself.
/// https://github.com/nostr-protocol/nips/blob/master/47.md
public enum NWC {
    /// The encryption a request or response event uses: its `encryption` tag, NIP-04 when absent (NIP-47 "Encryption").
    public static func encryption(of event: Event) -> NWCEncryption {
        event.firstTagValue("encryption").flatMap(NWCEncryption.init(rawValue:)) ?? .nip04
    }

    // MARK: client side

    /// A kind-23194 request with `content` = `encrypt(request.json)`, a `p` tag for the wallet and, for
    /// NIP-44, an `encryption` tag; `expiration` (NIP-40) tells the wallet to ignore it after that time.
    public static func requestEvent(_ request: WalletRequest, walletPubkey: PublicKey, clientPubkey: PublicKey,
                                    encryption: NWCEncryption, createdAt: Int64, expiration: Int64? = nil,
                                    encrypt: (String) throws(NIP47Error) -> String) throws(NIP47Error) -> UnsignedEvent {
        var tags: [Tag] = [["p", walletPubkey.hex]]
        if encryption == .nip44 { tags.append(["encryption", encryption.rawValue]) }
        if let expiration { tags.append(["expiration", String(expiration)]) }
        return UnsignedEvent(pubkey: clientPubkey, createdAt: createdAt, kind: .walletRequest, tags: tags,
                             content: try encrypt(request.json))
    }

    /// A signed request from the connection URI's secret (the usual client case: no other key is involved).
    public static func requestEvent(_ request: WalletRequest, uri: WalletConnectURI, encryption: NWCEncryption = .nip44,
                                    createdAt: Int64, expiration: Int64? = nil) throws(NIP47Error) -> Event {
        let unsigned = try requestEvent(request, walletPubkey: uri.walletPubkey, clientPubkey: uri.clientPubkey,
                                        encryption: encryption, createdAt: createdAt, expiration: expiration) { (text) throws(NIP47Error) in
            try encrypt(text, encryption: encryption, secret: uri.secret, peer: uri.walletPubkey)
        }
        do { return try unsigned.sign(with: uri.secret) } catch { throw .encryption("signing failed: \(error)") }
    }

    /// Decrypts and parses a kind-23195 response addressed to the URI's client key.
    public static func response(_ event: Event, uri: WalletConnectURI) throws(NIP47Error) -> WalletResponse {
        guard event.kind == .walletResponse else { throw .wrongKind(expected: Kind.walletResponse.rawValue, got: event.kind.rawValue) }
        return try WalletResponse(json: decrypt(event.content, secret: uri.secret, peer: event.pubkey))
    }

    /// Decrypts and parses a kind-23197/23196 notification addressed to the URI's client key.
    public static func notification(_ event: Event, uri: WalletConnectURI) throws(NIP47Error) -> WalletNotification {
        guard event.kind == .walletNotification || event.kind == .walletNotificationNIP04 else {
            throw .wrongKind(expected: Kind.walletNotification.rawValue, got: event.kind.rawValue)
        }
        return try WalletNotification(json: decrypt(event.content, secret: uri.secret, peer: event.pubkey))
    }

    // MARK: wallet-service side

    /// Decrypts and parses a kind-23194 request with the wallet service's secret.
    public static func request(_ event: Event, walletSecret: SecretKey) throws(NIP47Error) -> WalletRequest {
        guard event.kind == .walletRequest else { throw .wrongKind(expected: Kind.walletRequest.rawValue, got: event.kind.rawValue) }
        return try WalletRequest(json: decrypt(event.content, secret: walletSecret, peer: event.pubkey))
    }

    /// A kind-23195 response to `request`, `p`-tagged to its author and `e`-tagged to its id, encrypted
    /// by `encrypt` with the scheme the request used.
    public static func responseEvent(_ response: WalletResponse, to request: Event, walletPubkey: PublicKey, createdAt: Int64,
                                     encrypt: (String) throws(NIP47Error) -> String) throws(NIP47Error) -> UnsignedEvent {
        var tags: [Tag] = [["p", request.pubkey.hex], ["e", request.id.hex]]
        if encryption(of: request) == .nip44 { tags.append(["encryption", NWCEncryption.nip44.rawValue]) }
        return UnsignedEvent(pubkey: walletPubkey, createdAt: createdAt, kind: .walletResponse, tags: tags,
                             content: try encrypt(response.json))
    }

    /// A signed response from the wallet service's secret, encrypted like the request.
    public static func responseEvent(_ response: WalletResponse, to request: Event, walletSecret: SecretKey,
                                     createdAt: Int64) throws(NIP47Error) -> Event {
        let scheme = encryption(of: request)
        let unsigned = try responseEvent(response, to: request, walletPubkey: walletSecret.publicKey,
                                         createdAt: createdAt) { (text) throws(NIP47Error) in
            try encrypt(text, encryption: scheme, secret: walletSecret, peer: request.pubkey)
        }
        do { return try unsigned.sign(with: walletSecret) } catch { throw .encryption("signing failed: \(error)") }
    }

    /// A signed notification for `client`: kind 23197 with NIP-44, 23196 with NIP-04.
    public static func notificationEvent(_ notification: WalletNotification, client: PublicKey, walletSecret: SecretKey,
                                         encryption: NWCEncryption = .nip44, createdAt: Int64) throws(NIP47Error) -> Event {
        let content = try encrypt(notification.json, encryption: encryption, secret: walletSecret, peer: client)
        let kind: Kind = encryption == .nip44 ? .walletNotification : .walletNotificationNIP04
        let unsigned = UnsignedEvent(pubkey: walletSecret.publicKey, createdAt: createdAt, kind: kind,
                                     tags: [["p", client.hex]], content: content)
        do { return try unsigned.sign(with: walletSecret) } catch { throw .encryption("signing failed: \(error)") }
    }

    // MARK: ciphers

    /// Encrypts with the given scheme.
    public static func encrypt(_ text: String, encryption: NWCEncryption, secret: SecretKey, peer: PublicKey) throws(NIP47Error) -> String {
        switch encryption {
        case .nip44:
            do { return try NIP44.encrypt(text, from: secret, to: peer) } catch { throw .encryption(error.description) }
        case .nip04:
            do { return try NIP04.encrypt(text, from: secret, to: peer) } catch { throw .encryption(error.description) }
        }
    }

    /// Decrypts either scheme: a NIP-04 payload carries `?iv=`, anything else is taken as NIP-44.
    public static func decrypt(_ payload: String, secret: SecretKey, peer: PublicKey) throws(NIP47Error) -> String {
        if NIP04.isNIP04Payload(payload) {
            do { return try NIP04.decrypt(payload, to: secret, from: peer) } catch { throw .encryption(error.description) }
        }
        do { return try NIP44.decrypt(payload, to: secret, from: peer) } catch { throw .encryption(error.description) }
    }
}
