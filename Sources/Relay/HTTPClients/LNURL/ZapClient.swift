import NostrCore

/// NIP-57 zaps up to the invoice: the recipient's lightning address from their profile, a signed zap request (kind
/// 9734), and an invoice whose amount and description hash are checked. Paying it and waiting for the receipt are
/// the caller's (see `WalletConnectClient` and `ZapReceipt`). https://github.com/nostr-protocol/nips/blob/master/57.md
public struct ZapClient: Sendable {
    /// The LNURL side.
    public let lnurl: LNURLClient

    /// A client over `lnurl`.
    public init(lnurl: LNURLClient = LNURLClient()) { self.lnurl = lnurl }

    /// The profile's `lud16` (preferred) or `lud06`, from a kind-0 event's JSON content (addresses hold no spaces, so
    /// any are dropped).
    public static func lightningAddress(profile: Event) throws(LNURLClientError) -> String {
        let content = try? JSONValue.parse(profile.content)
        for field in ["lud16", "lud06"] {
            if let value = content?[field]?.stringValue.map({ $0.filter { !$0.isWhitespace } }), !value.isEmpty { return value }
        }
        throw .noLightningAddress(pubkey: profile.pubkey.hex)
    }

    /// Asks the recipient's LNURL service for a zap invoice: the pay parameters, then a zap request signed by
    /// `signer` (relays where the receipt should go, `e`/`a`/`k` for an event), then the checked invoice.
    public func requestInvoice(for target: ZapTarget, amountMsat: UInt64, comment: String = "", relays: [String],
                               signer: some Signer, createdAt: Int64) async throws(LNURLClientError) -> ZapInvoice {
        let pay = try await lnurl.payResponse(for: target.lightningAddress)
        guard pay.supportsZaps else { throw .lnurl(.zapsNotSupported) }
        do { try pay.check(amountMsat: amountMsat) } catch { throw .lnurl(error) }
        let lnurlTag = Self.lnurlTag(target.lightningAddress)
        let request: Event
        do {
            let sender = try await signer.publicKey()
            let unsigned = NIP57.zapRequest(sender: sender, recipient: target.recipient, amountMsat: amountMsat, relays: relays,
                                            lnurl: lnurlTag, eventID: target.eventID, address: target.address,
                                            targetKind: target.kind, comment: comment, createdAt: createdAt)
            request = try await signer.sign(unsigned)
        } catch {
            throw .signer(error)
        }
        let invoice = try await lnurl.invoice(pay, amountMsat: amountMsat, zapRequest: request, lnurl: lnurlTag)
        return ZapInvoice(zapRequest: request, invoice: invoice, payResponse: pay, lnurl: lnurlTag)
    }

    /// The bech32 `lnurl` of the service (NIP-57's `lnurl` tag), when it can be computed.
    static func lnurlTag(_ input: String) -> String? {
        if input.lowercased().hasPrefix("lnurl1") { return input.lowercased() }
        return (try? LNURL.payURL(for: input)).map(LNURL.encode)
    }
}
