/// NIP-19 bech32-encoded entities. https://github.com/nostr-protocol/nips/blob/master/19.md
public enum NIP19 {
    /// TLV types (NIP-19 "Shareable identifiers with extra metadata").
    enum TLVType: UInt8 { case special = 0, relay = 1, author = 2, kind = 3 }

    /// Decodes an npub, nsec, note, nprofile, nevent or naddr; a leading `nostr:` (NIP-21) and
    /// surrounding whitespace are accepted.
    public static func decode(_ code: String) throws(NIP19Error) -> NIP19Entity {
        var text = Substring(code).trimmingASCIIWhitespace()
        if text.utf8.count >= 6, text.prefix(6).lowercased() == "nostr:" { text = text.dropFirst(6) }
        let hrp: String
        var data: [UInt8]
        do { (hrp, data) = try Bech32.decode(String(text)) } catch { throw .invalidBech32(error) }
        // The bytes may be a secret key (nsec); do not leave a copy behind.
        defer { ConstantTime.wipe(&data) }
        switch hrp {
        case "npub": return .npub(try publicKey(data, field: "npub public key"))
        case "nsec":
            guard data.count == 32 else { throw .wrongLength(field: "nsec secret key", expected: 32, got: data.count) }
            guard let key = try? SecretKey(bytes: data) else { throw .invalidSecretKey }
            return .nsec(key)
        case "note": return .note(try eventID(data, field: "note id"))
        case "nprofile":
            let tlv = try TLV.parse(data, prefix: hrp)
            guard let special = tlv.first(.special) else { throw .missingTLV(prefix: hrp, field: "special") }
            return .nprofile(pubkey: try publicKey(special, field: "nprofile public key"), relays: try tlv.relays())
        case "nevent":
            let tlv = try TLV.parse(data, prefix: hrp)
            guard let special = tlv.first(.special) else { throw .missingTLV(prefix: hrp, field: "special") }
            // Author and kind are optional hints here: a malformed one (seen in the wild as 64 bytes of
            // hex text) is dropped rather than making the whole link unusable, as rust-nostr does.
            let author = tlv.first(.author).flatMap { try? publicKey($0, field: "nevent author") }
            let kind = tlv.first(.kind).flatMap(kindValue)
            return .nevent(id: try eventID(special, field: "nevent id"), relays: try tlv.relays(), author: author, kind: kind)
        case "naddr":
            let tlv = try TLV.parse(data, prefix: hrp)
            guard let special = tlv.first(.special) else { throw .missingTLV(prefix: hrp, field: "special") }
            guard let identifier = String(validating: special, as: UTF8.self) else { throw .invalidText(field: "naddr identifier") }
            guard let author = tlv.first(.author) else { throw .missingTLV(prefix: hrp, field: "author") }
            guard let kindBytes = tlv.first(.kind) else { throw .missingTLV(prefix: hrp, field: "kind") }
            guard let kind = kindValue(kindBytes) else { throw .wrongLength(field: "naddr kind", expected: 4, got: kindBytes.count) }
            return .naddr(identifier: identifier, pubkey: try publicKey(author, field: "naddr author"),
                          kind: kind, relays: try tlv.relays())
        default:
            throw .unknownPrefix(hrp)
        }
    }

    /// Encodes an entity. Relay hints over 255 bytes are left out and an naddr identifier over
    /// 255 bytes is cut (a TLV length is one byte); use `checkedEncode` to get an error instead.
    public static func encode(_ entity: NIP19Entity) -> String {
        (try? encode(entity, strict: true)) ?? (try? encode(entity, strict: false)) ?? ""
    }

    /// Encodes an entity, throwing `.valueTooLong` when a relay or identifier exceeds 255 bytes.
    public static func checkedEncode(_ entity: NIP19Entity) throws(NIP19Error) -> String {
        try encode(entity, strict: true)
    }

    private static func encode(_ entity: NIP19Entity, strict: Bool) throws(NIP19Error) -> String {
        let data: [UInt8]
        switch entity {
        case let .npub(pk): data = pk.bytes
        case let .nsec(sk): data = sk.bytes
        case let .note(id): data = id.bytes
        case let .nprofile(pk, relays):
            var w = TLVWriter(strict: strict)
            w.append(.special, pk.bytes)
            try w.appendRelays(relays)
            data = w.bytes
        case let .nevent(id, relays, author, kind):
            var w = TLVWriter(strict: strict)
            w.append(.special, id.bytes)
            try w.appendRelays(relays)
            if let author { w.append(.author, author.bytes) }
            if let kind { w.append(.kind, kindBytes(kind)) }
            data = w.bytes
        case let .naddr(identifier, pk, kind, relays):
            var w = TLVWriter(strict: strict)
            try w.appendText(.special, identifier, field: "naddr identifier")
            try w.appendRelays(relays)
            w.append(.author, pk.bytes)
            w.append(.kind, kindBytes(kind))
            data = w.bytes
        }
        return Bech32.encode(hrp: entity.prefix, data: data)
    }

    private static func publicKey(_ bytes: [UInt8], field: String) throws(NIP19Error) -> PublicKey {
        guard bytes.count == 32 else { throw .wrongLength(field: field, expected: 32, got: bytes.count) }
        guard let pk = try? PublicKey(bytes: bytes) else { throw .invalidPublicKey }
        return pk
    }

    private static func eventID(_ bytes: [UInt8], field: String) throws(NIP19Error) -> EventID {
        guard let id = try? EventID(bytes: bytes) else { throw .wrongLength(field: field, expected: 32, got: bytes.count) }
        return id
    }

    /// NIP-19: kind is a 32-bit unsigned big-endian integer.
    private static func kindValue(_ b: [UInt8]) -> Kind? {
        guard b.count == 4 else { return nil }
        return Kind(Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3]))
    }

    private static func kindBytes(_ kind: Kind) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: kind.rawValue)
        return [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }
}

extension Substring {
    func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        var s = self
        while let c = s.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.last, isSpace(c) { s = s.dropLast() }
        return s
    }
}
