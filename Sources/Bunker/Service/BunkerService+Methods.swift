import NostrCore

extension BunkerService {
    /// Runs `request` from `client`: pairing for `connect`, the policy (and maybe the person) for the rest.
    func answer(_ request: NIP46Request, from client: PublicKey) async -> Outcome {
        let id = request.id
        guard request.method.isKnown else {
            return Outcome(response: .failure(id, "unsupported method \"\(request.method)\""), decision: "error: unknown method")
        }
        let session: BunkerSession?
        do { session = try store.session(client) } catch {
            return Outcome(response: .failure(id, "error: the bunker's database failed"), decision: "error: \(error)")
        }
        if request.method == .connect { return await connect(request, from: client, session: session) }

        var kind: Int? = nil
        var template: UnsignedEvent? = nil
        if request.method == .signEvent {
            switch parseTemplate(request.params.first) {
            case let .success(t): template = t; kind = t.kind.rawValue
            case let .failure(e): return Outcome(response: .failure(id, e.description), decision: "error: \(e)")
            }
        }
        let asked = BunkerRequest(client: client, request: request, kind: kind, session: session)
        var decision = policy.decide(asked)
        var note = "allowed"
        if decision == .ask {
            let answer = await consent?.answer(ConsentQuestion(client: client, metadata: session?.metadata ?? NIP46ClientMetadata(),
                                                            permission: asked.permission, summary: template?.content),
                                            timeout: configuration.consentTimeout) ?? .deny
            note = "asked: \(answer.rawValue)"
            switch answer {
            case .allowOnce: decision = .allow
            case .allowAlways:
                decision = .allow
                do { try store.grant(client, asked.permission, at: Int64(now)) } catch { log("could not save the grant: \(error)") }
            case .deny: decision = .deny(reason: "unauthorized: the person at the bunker refused \(asked.permission)")
            }
        }
        if case let .deny(reason) = decision {
            return Outcome(response: .failure(id, reason), decision: note == "allowed" ? "denied: \(reason)" : note, kind: kind)
        }
        if session != nil { try? store.touch(client, at: Int64(now)) }
        do {
            let result = try await perform(request, template: template, client: client)
            return Outcome(response: NIP46Response(id: id, result: result), decision: note, kind: kind)
        } catch {
            return Outcome(response: .failure(id, "\(error)"), decision: "error: \(error)", kind: kind)
        }
    }

    /// `connect [remote-signer-pubkey, secret?, perms?, metadata?]`: "ack" for a paired client or a
    /// correct one-time secret (which is then rotated); otherwise refused, or asked about with `ask`.
    private func connect(_ request: NIP46Request, from client: PublicKey, session: BunkerSession?) async -> Outcome {
        let id = request.id
        let p = request.params
        if let target = p.first, !target.isEmpty, target.lowercased() != remoteSignerPubkey.hex {
            return Outcome(response: .failure(id, "this bunker is \(remoteSignerPubkey.hex), not \(target)"), decision: "error: wrong remote-signer key")
        }
        let requested = (p.count > 2 ? try? NIP46Permissions(parsing: p[2]) : nil) ?? .none
        let metadata = (p.count > 3 ? try? NIP46ClientMetadata(json: p[3]) : nil) ?? NIP46ClientMetadata()
        let perms = requested.isEmpty ? configuration.permissionsWhenNoneRequested : requested
        if session != nil {
            try? store.touch(client, at: Int64(now))
            return Outcome(response: .success(id, "ack"), decision: "allowed (already paired)")
        }
        do {
            if p.count > 1, !p[1].isEmpty, try store.consumeSecret(p[1], at: Int64(now)) {
                try store.pair(client, permissions: perms, metadata: metadata, via: "secret", at: Int64(now))
                log("paired with \(client.hex) \(metadata.displayText) by the secret, permissions: \(perms); the secret was rotated")
                if let uri = try? bunkerURI() { log("new bunker URI: \(uri.uri)") }
                return Outcome(response: .success(id, "ack"), decision: "paired by secret")
            }
            if let consent {
                let answer = await consent.answer(ConsentQuestion(client: client, metadata: metadata, permission: NIP46Permission(.connect),
                                                               summary: "pair, asking for \(requested.isEmpty ? "everything" : requested.description)"),
                                               timeout: configuration.consentTimeout)
                if answer != .deny {
                    try store.pair(client, permissions: perms, metadata: metadata, via: "ask", at: Int64(now))
                    return Outcome(response: .success(id, "ack"), decision: "asked: \(answer.rawValue)")
                }
            }
        } catch {
            return Outcome(response: .failure(id, "error: the bunker's database failed"), decision: "error: \(error)")
        }
        let wrong = p.count > 1 && !p[1].isEmpty
        let reason = wrong ? "unauthorized: invalid or already used secret" : "unauthorized: unknown client; connect with the bunker's secret"
        return Outcome(response: .failure(id, reason), decision: "denied: \(reason)")
    }

    /// Runs an allowed request.
    private func perform(_ request: NIP46Request, template: UnsignedEvent?, client: PublicKey) async throws -> String {
        let p = request.params
        switch request.method {
        case .ping: return "pong"
        case .getPublicKey: return userPubkey.hex
        case .signEvent:
            guard let template else { throw NIP46Error.invalidMessage("sign_event needs an event") }
            return try await userSigner.sign(template).json
        case .nip04Encrypt: return try await userSigner.nip04Encrypt(try param(p, 1), to: try peer(p))
        case .nip04Decrypt: return try await userSigner.nip04Decrypt(try param(p, 1), from: try peer(p))
        case .nip44Encrypt: return try await userSigner.nip44Encrypt(try param(p, 1), to: try peer(p))
        case .nip44Decrypt: return try await userSigner.nip44Decrypt(try param(p, 1), from: try peer(p))
        case .switchRelays:
            return JSONValue.array(configuration.relays.map { .string($0) }).serialized
        case .logout:
            try store.revoke(client)
            log("\(client.hex) logged out; its session and grants were removed")
            return "ack"
        default: throw NIP46Error.invalidMessage("unsupported method \"\(request.method)\"")
        }
    }

    private func param(_ p: [String], _ i: Int) throws(NIP46Error) -> String {
        guard i < p.count else { throw .invalidMessage("missing parameter \(i + 1)") }
        return p[i]
    }

    private func peer(_ p: [String]) throws(NIP46Error) -> PublicKey {
        guard let key = try? PublicKey(hex: param(p, 0)) else { throw .invalidMessage("the first parameter is not a hex public key") }
        return key
    }

    /// The event template of `sign_event`: `{kind, content, tags, created_at}`; a `pubkey` other than the
    /// user's is refused rather than silently replaced.
    func parseTemplate(_ text: String?) -> Result<UnsignedEvent, TemplateError> {
        guard let text, let v = try? JSONValue.parse(text), case .object = v else { return .failure(TemplateError("sign_event needs an event JSON object")) }
        guard let kind = v["kind"]?.intValue, (0...65535).contains(kind) else { return .failure(TemplateError("the event has no valid kind")) }
        let content = v["content"]?.stringValue ?? ""
        var tags: [Tag] = []
        if let list = v["tags"]?.arrayValue {
            for t in list {
                guard let fields = t.arrayValue?.compactMap(\.stringValue), fields.count == t.arrayValue?.count else {
                    return .failure(TemplateError("the event's tags are not arrays of strings"))
                }
                tags.append(Tag(fields))
            }
        }
        if let pk = v["pubkey"]?.stringValue, !pk.isEmpty, pk.lowercased() != userPubkey.hex {
            return .failure(TemplateError("the event's pubkey is not the user's key \(userPubkey.hex)"))
        }
        let createdAt = v["created_at"]?.intValue ?? Int64(now)
        return .success(UnsignedEvent(pubkey: userPubkey, createdAt: createdAt, kind: Kind(Int(kind)), tags: tags, content: content))
    }

    /// Why a `sign_event` parameter is not an event template; the text goes back to the client.
    struct TemplateError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
