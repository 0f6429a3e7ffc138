import NostrCore

/// NIP-47 values as the JSON lines `wallet` prints (field names as in NIP-47, amounts in millisats).
enum WalletJSON {
    static func transaction(_ t: WalletTransaction) -> String {
        var o: [String: JSONValue] = ["type": .string(t.direction.rawValue), "amount": .int(t.amountMsat)]
        if let s = t.state { o["state"] = .string({ if case let .unknown(raw) = s { raw } else { "\(s)" } }()) }
        if let v = t.invoice { o["invoice"] = .string(v) }
        if let v = t.description { o["description"] = .string(v) }
        if let v = t.paymentHash { o["payment_hash"] = .string(v) }
        if let v = t.preimage { o["preimage"] = .string(v) }
        if let v = t.feesPaidMsat { o["fees_paid"] = .int(v) }
        if let v = t.createdAt { o["created_at"] = .int(v) }
        if let v = t.expiresAt { o["expires_at"] = .int(v) }
        if let v = t.settledAt { o["settled_at"] = .int(v) }
        return JSONValue.object(o).serialized
    }

    static func node(_ n: WalletNodeInfo, service: WalletServiceInfo) -> String {
        var o: [String: JSONValue] = ["methods": .array(n.methods.map(JSONValue.string)),
                                      "encryption": .array(service.encryptions.map { .string($0.rawValue) })]
        if !n.notifications.isEmpty { o["notifications"] = .array(n.notifications.map(JSONValue.string)) }
        if let v = n.alias { o["alias"] = .string(v) }
        if let v = n.network { o["network"] = .string(v) }
        if let v = n.pubkey { o["pubkey"] = .string(v) }
        if let v = n.blockHeight { o["block_height"] = .int(v) }
        if let v = n.lud16 { o["lud16"] = .string(v) }
        return JSONValue.object(o).serialized
    }
}
