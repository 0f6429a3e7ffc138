
extension UnsignedEvent {
    /// NIP-01's `[0,<pubkey>,<created_at>,<kind>,<tags>,<content>]`, compact, with exactly the spec's escaping.
    public var serialization: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(120 + content.utf8.count + tags.count * 80)
        out.append(contentsOf: #"[0,""#.utf8)
        out.append(contentsOf: pubkey.hex.utf8)
        out.append(contentsOf: #"","#.utf8)
        JSONWriter.appendInt(createdAt, to: &out)
        out.append(0x2C)
        JSONWriter.appendInt(Int64(kind.rawValue), to: &out)
        out.append(0x2C)
        Tag.appendJSON(tags, to: &out)
        out.append(0x2C)
        JSONWriter.appendString(content, to: &out)
        out.append(0x5D)
        return out
    }

    /// The event id: SHA-256 of `serialization`.
    public var id: EventID {
        let s = serialization
        var d = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &d) { out in
            s.withUnsafeBufferPointer { src in
                if let o = out.baseAddress?.assumingMemoryBound(to: UInt8.self) { SHA256Context.hash(src.baseAddress, src.count, into: o) }
            }
        }
        return withUnsafeBytes(of: d) { EventID(raw: $0) }
    }

    /// Signs as `key`. Throws `.signingFailed` when `key.publicKey` is not this event's `pubkey`.
    public func sign(with key: SecretKey) throws(KeyError) -> Event {
        guard key.publicKey == pubkey else { throw .signingFailed }
        let id = self.id
        let sig = try Schnorr.sign(id.bytes, with: key)
        return Event(id: id, pubkey: pubkey, createdAt: createdAt, kind: kind, tags: tags, content: content, sig: sig)
    }

    /// The rumor JSON (NIP-59): the event without `sig`, with `id` first when `includingID`.
    public func json(includingID: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(300 + content.utf8.count)
        out.append(0x7B)
        if includingID {
            out.append(contentsOf: #""id":""#.utf8)
            out.append(contentsOf: id.hex.utf8)
            out.append(contentsOf: #"","#.utf8)
        }
        out.append(contentsOf: #""pubkey":""#.utf8)
        out.append(contentsOf: pubkey.hex.utf8)
        out.append(contentsOf: #"","created_at":"#.utf8)
        JSONWriter.appendInt(createdAt, to: &out)
        out.append(contentsOf: #","kind":"#.utf8)
        JSONWriter.appendInt(Int64(kind.rawValue), to: &out)
        out.append(contentsOf: #","tags":"#.utf8)
        Tag.appendJSON(tags, to: &out)
        out.append(contentsOf: #","content":"#.utf8)
        JSONWriter.appendString(content, to: &out)
        out.append(0x7D)
        return String(decoding: out, as: UTF8.self)
    }
}
