import Dispatch
import NostrCore

/// A deterministic set of signed events that looks like a relay's traffic: notes with `e`/`p`/`t`
/// tags, reactions, reposts carrying whole events, profiles, and contact lists with hundreds of `p`
/// tags. The same `seed` and `count` always give the same bytes (signatures use derived aux randomness).
enum Synthetic {
    /// `count` signed events from `authors` deterministic keys.
    static func events(count: Int, seed: UInt64 = 1, authors: Int = 1_000) -> [Event] {
        var rng = SplitMix64(seed: seed)
        let keys = (0..<max(1, authors)).map { key(seed: seed, index: $0) }
        var drafts: [(UnsignedEvent, Int)] = []
        drafts.reserveCapacity(count)
        var recentIDs: [String] = (0..<64).map { _ in hex(&rng, bytes: 32) }
        let pubkeys = keys.map(\.publicKey.hex)
        for i in 0..<count {
            let author = Int(rng.next() % UInt64(keys.count))
            let t = 1_700_000_000 + Int64(i) * 7 + Int64(rng.next() % 5)
            let draft = make(i: i, rng: &rng, author: keys[author].publicKey, at: t, recent: recentIDs, pubkeys: pubkeys)
            recentIDs[i % recentIDs.count] = draft.id.hex
            drafts.append((draft, author))
        }
        return sign(drafts, keys: keys, seed: seed)
    }

    /// The same events as JSON lines (compact, NIP-01 field order).
    static func jsonLines(count: Int, seed: UInt64 = 1, authors: Int = 1_000) -> [[UInt8]] {
        events(count: count, seed: seed, authors: authors).map(\.jsonBytes)
    }

    private static func key(seed: UInt64, index: Int) -> SecretKey {
        var counter: UInt64 = 0
        while true {
            var material = [UInt8]("nostr-bench-synthetic".utf8)
            for v in [seed, UInt64(index), counter] { withUnsafeBytes(of: v.littleEndian) { material += $0 } }
            if let k = try? SecretKey(bytes: SHA256.hash(material)) { return k }
            counter += 1
        }
    }

    private static func sign(_ drafts: [(UnsignedEvent, Int)], keys: [SecretKey], seed: UInt64) -> [Event] {
        var out = [Event?](repeating: nil, count: drafts.count)
        out.withUnsafeMutableBufferPointer { buf in
            // Each index is written by exactly one iteration.
            nonisolated(unsafe) let buf = buf
            let chunk = 256
            DispatchQueue.concurrentPerform(iterations: (drafts.count + chunk - 1) / chunk) { c in
                for i in (c * chunk)..<min(drafts.count, (c + 1) * chunk) {
                    let (draft, author) = drafts[i]
                    let id = draft.id
                    var aux = [UInt8](repeating: 0, count: 32)
                    withUnsafeBytes(of: (seed ^ UInt64(i)).littleEndian) { for (k, b) in $0.enumerated() { aux[k] = b } }
                    guard let sig = try? Schnorr.sign(id.bytes, with: keys[author], auxRand: aux) else { continue }
                    buf[i] = Event(id: id, pubkey: draft.pubkey, createdAt: draft.createdAt, kind: draft.kind,
                                   tags: draft.tags, content: draft.content, sig: sig)
                }
            }
        }
        return out.compactMap { $0 }
    }

    private static let words = [
        "gm", "nostr", "bitcoin", "relay", "zap", "the", "a", "is", "to", "and", "of", "in", "this", "that", "with",
        "just", "freedom", "protocol", "keys", "sats", "lightning", "note", "client", "pubkey", "signal", "noise",
        "coffee", "morning", "build", "ship", "swift", "rust", "go", "open", "source", "censorship", "resistant",
        "🤙", "⚡️", "🧡", "日本語", "café", "naïve", "über", "\"quoted\"", "back\\slash", "path/to/file", "tab\there",
        "https://example.com/a?b=c&d=e", "#plebchain", "nostr:npub1sn0wdenkukak0d9dfczzeacvhkrgz92ak56egt7vdgzn8pv2wfqqhrjdv9",
    ]

    private static func sentence(_ rng: inout SplitMix64, words n: Int) -> String {
        var parts: [String] = []
        parts.reserveCapacity(n)
        for k in 0..<n {
            parts.append(words[Int(rng.next() % UInt64(words.count))])
            if k % 17 == 16 { parts.append("\n") }
        }
        return parts.joined(separator: " ")
    }

    private static func hex(_ rng: inout SplitMix64, bytes: Int) -> String {
        var b: [UInt8] = []
        for _ in 0..<(bytes / 8) { withUnsafeBytes(of: rng.next()) { b += $0 } }
        return Hex.encode(b)
    }

    private static let relays = ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.nostr.band", "wss://nostr.wine", ""]

    private static func make(i: Int, rng: inout SplitMix64, author: PublicKey, at t: Int64,
                             recent: [String], pubkeys: [String]) -> UnsignedEvent {
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        let roll = rng.next() % 100
        switch roll {
        case 0..<55: // text note, often a reply
            var tags: [Tag] = []
            let replies = Int(rng.next() % 3)
            for k in 0..<replies { tags.append(["e", pick(recent), pick(relays), k == 0 ? "root" : "reply"]) }
            for _ in 0..<Int(rng.next() % 4) { tags.append(["p", pick(pubkeys)]) }
            if rng.next() % 3 == 0 { tags.append(["t", "nostr"]) }
            if rng.next() % 4 == 0 { tags.append(["client", "nostr-bench"]) }
            return UnsignedEvent(pubkey: author, createdAt: t, kind: .textNote, tags: tags,
                                 content: sentence(&rng, words: 5 + Int(rng.next() % 60)))
        case 55..<80: // reaction
            return UnsignedEvent(pubkey: author, createdAt: t, kind: .reaction,
                                 tags: [["e", pick(recent)], ["p", pick(pubkeys)], ["k", "1"]],
                                 content: pick(["+", "🤙", "❤️", "-", ":shaka:"]))
        case 80..<85: // contact list with hundreds of p tags
            let n = 100 + Int(rng.next() % 700)
            var tags: [Tag] = []
            tags.reserveCapacity(n)
            for k in 0..<n {
                let pk = k < pubkeys.count ? pubkeys[(k * 7 + i) % pubkeys.count] : hex(&rng, bytes: 32)
                tags.append(k % 5 == 0 ? ["p", pk, pick(relays), "friend \(k)"] : ["p", pk])
            }
            return UnsignedEvent(pubkey: author, createdAt: t, kind: .contacts, tags: tags, content: "")
        case 85..<93: // profile metadata: JSON inside a string, escaped twice
            let name = sentence(&rng, words: 2)
            let about = sentence(&rng, words: 10 + Int(rng.next() % 20))
            let meta: JSONValue = ["name": .string(name), "about": .string(about),
                                   "picture": .string("https://example.com/p/\(i).png"),
                                   "nip05": .string("user\(i)@example.com")]
            return UnsignedEvent(pubkey: author, createdAt: t, kind: .metadata, tags: [], content: meta.serialized)
        default: // repost carrying the reposted event's JSON
            let inner = UnsignedEvent(pubkey: author, createdAt: t - 100, kind: .textNote, tags: [["t", "repost"]],
                                      content: sentence(&rng, words: 20))
            let innerJSON = inner.json(includingID: true)
            return UnsignedEvent(pubkey: author, createdAt: t, kind: .repost,
                                 tags: [["e", inner.id.hex, pick(relays)], ["p", author.hex]], content: innerJSON)
        }
    }
}

/// SplitMix64: a tiny, fast, seedable generator (not for secrets).
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
